import type { Lang } from '@roundtable/core';
import { useState } from 'preact/hooks';
import { text } from '../i18n.ts';
import { navigate, type Route } from '../router.ts';
import { Sound } from '../sound.ts';
import { rw } from '../reader/words.ts';
import { AccountCorner } from '../social/account-corner.tsx';
import { MyTurnLink } from '../my-turn/nav-link.tsx';
import { DESTINATIONS } from './destinations.ts';
import { here } from './here.ts';
import { MoreMenu } from './more-menu.tsx';
import { tw } from './words.ts';
import './topbar.css';

export interface TopBarProps {
  readonly lang: Lang;
  readonly route: Route;
  readonly reader: boolean;
  readonly onReader: (on: boolean) => void;
  readonly onLang: (lang: Lang) => void;
}

/**
 * The bar on top of every page, on one line at any width: the screen-reader switch, the brand, the most used
 * destinations, then "More" for those a narrow screen has no room for (topbar.css decides which, by width),
 * the sound and the language. A wide screen shows every link inline and no "More".
 */
export function TopBar({ lang, route, reader, onReader, onLang }: TopBarProps) {
  const [sound, setSound] = useState(Sound.enabled);
  const other: Lang = lang === 'en' ? 'fr' : 'en';
  return (
    <header class="topbar">
      {/* The first thing the keyboard reaches on every page. */}
      <button
        type="button"
        class="link reader-toggle"
        aria-pressed={reader}
        data-testid="reader-mode"
        onClick={() => onReader(!reader)}
      >
        {/* A phone shows the short face; the full name stays the button's name for a screen reader. */}
        <span class="label-full">{rw(lang, 'mode')}</span>
        <span class="label-short" aria-hidden="true">
          {tw(lang, 'readerShort')}
        </span>
      </button>
      <a
        class="brand"
        href="#/"
        onClick={(e) => {
          e.preventDefault();
          navigate('/');
        }}
      >
        <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
          <circle cx="16" cy="16" r="14" fill="#b08a3e" />
          <circle cx="16" cy="16" r="8" fill="#2b2140" />
        </svg>
        <span class="brand-name">Round Table</span>
      </a>
      <nav aria-label={tw(lang, 'navLabel')}>
        {DESTINATIONS.map((d) => (
          <a
            key={d.path}
            href={`#${d.path}`}
            class={`inline-from-${d.inlineFrom}`}
            data-testid={d.testId}
            aria-current={here(route, d.path)}
          >
            {d.label(lang)}
          </a>
        ))}
        <MoreMenu lang={lang}>
          {/* The same destinations again, each shown here only while the bar has no room for it inline. */}
          {DESTINATIONS.map((d) => (
            <li key={d.path} class={`in-menu-below-${d.inlineFrom}`}>
              <a href={`#${d.path}`} aria-current={here(route, d.path)}>
                {d.label(lang)}
              </a>
            </li>
          ))}
          <MyTurnLink lang={lang} />
          <AccountCorner />
        </MoreMenu>
        <button
          type="button"
          class="link"
          aria-pressed={sound}
          onClick={() => {
            Sound.set(!sound);
            setSound(!sound);
          }}
          data-testid="sound"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
            <path d="M3 9h4l5-4v14l-5-4H3z" />
            {sound ? (
              <path d="M15 8c2 2 2 6 0 8M18 5c4 4 4 10 0 14" stroke="currentColor" stroke-width="2" fill="none" />
            ) : (
              <path d="M15 9l6 6M21 9l-6 6" stroke="currentColor" stroke-width="2" />
            )}
          </svg>
          <span class="sr-only">{text(lang, 'sound')}</span>
        </button>
        <button type="button" class="link lang-toggle" data-testid="lang" onClick={() => onLang(other)} lang={other}>
          <span class="label-full">{text(lang, 'language')}</span>
          <span class="label-short" aria-hidden="true">
            {tw(lang, 'otherLangCode')}
          </span>
        </button>
      </nav>
    </header>
  );
}
