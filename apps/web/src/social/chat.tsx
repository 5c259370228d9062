import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Lang, Seat } from '@roundtable/core';
import type { ChatEntry, Social, SocialState } from '../session/types.ts';
import { useAccount } from './account.ts';
import { tw } from './table-words.ts';
import { formatTime, machineMoment } from '../dates.ts';
import './table.css';

/** As the server counts it (trimmed, in UTF-16 units like its schema). */
const MAX_CHARS = 500;

/** Phones get the chat as a drawer, closed at first; wider screens as a panel beside the log, open. */
const narrow = (): boolean => typeof matchMedia === 'function' && matchMedia('(max-width: 820px)').matches;

/**
 * The table's chat: the players' channel, and the spectators' (a spectator writes there). Lines are shown as
 * text nodes only (Preact escapes them), never as HTML. Collapsed, it counts the lines not yet read.
 */
export function ChatPanel({
  social,
  state,
  lang,
  over,
  seatLabel,
  colour,
}: {
  social: Social;
  state: SocialState;
  lang: Lang;
  /** The match is over (everyone then reads both channels). */
  over: boolean;
  seatLabel: (seat: Seat) => string;
  colour: (seat: Seat) => string;
}) {
  const [open, setOpen] = useState(() => !narrow());
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [seen, setSeen] = useState(state.lines.length);
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const w = (k: Parameters<typeof tw>[1]): string => tw(lang, k);

  // Read while open; lines written by this screen count as read.
  useEffect(() => {
    if (open) setSeen(state.lines.length);
  }, [open, state.lines.length]);
  // The history sent on attach was there before this visit: only lines said since count as new.
  useEffect(() => {
    if (state.chatReady) setSeen((n) => Math.max(n, state.lines.length));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the moment the history arrives counts: later lines are new
  }, [state.chatReady]);
  const unread = open ? 0 : Math.max(0, state.lines.slice(seen).filter((l) => !isOwn(l, state)).length);

  // Follows the newest line unless the reader scrolled up to read older ones.
  const stick = useRef(true);
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || !stick.current) return;
    el.scrollTop = el.scrollHeight;
    // Once more after the frame's layout (wrapped lines, the panel's own size settling).
    const frame = requestAnimationFrame(() => {
      if (stick.current) el.scrollTop = el.scrollHeight;
    });
    return () => cancelAnimationFrame(frame);
  }, [state.lines.length, open]);

  const spectator = state.seat === null;
  // A spectator writes once signed in (the server refuses others): say so before they type.
  const { me, loading } = useAccount();
  const signInFirst = spectator && !loading && me === null;
  const split = !state.open && !over;
  const both = !split;
  const length = draft.trim().length;

  const send = async (e: Event): Promise<void> => {
    e.preventDefault();
    const text = draft.trim();
    if (!text || text.length > MAX_CHARS || sending) return;
    setSending(true);
    setError(null);
    const refused = await social.chat(text);
    setSending(false);
    if (refused) setError(refused);
    else setDraft('');
    input.current?.focus();
  };

  const toggle = (
    <button
      type="button"
      class="chat-toggle"
      aria-expanded={open}
      aria-controls="chat-body"
      onClick={() => setOpen(!open)}
      data-testid="chat-toggle"
    >
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
        <path d="M3 4h14v9H8l-4 3v-3H3z" fill="none" stroke="currentColor" stroke-width="1.7" stroke-linejoin="round" />
      </svg>
      <span>{w('chat')}</span>
      {unread > 0 && (
        <span class="unread" data-testid="chat-unread">
          {unread}
          <span class="sr-only">
            {' '}
            {lang === 'fr'
              ? unread > 1
                ? 'nouveaux messages'
                : 'nouveau message'
              : unread > 1
                ? 'new lines'
                : 'new line'}
          </span>
        </span>
      )}
      <span class="sr-only">{open ? ` — ${w('hideChat')}` : ` — ${w('showChat')}`}</span>
    </button>
  );

  return (
    <section class={`chat${open ? ' open' : ''}`} aria-label={w('chat')} data-testid="chat">
      {toggle}
      <div id="chat-body" class="chat-body" hidden={!open}>
        <div class="chat-head">
          <h2>{w('chat')}</h2>
          <label class="switch" data-testid="chat-mute-label">
            <input
              type="checkbox"
              role="switch"
              checked={state.muted}
              onChange={(e) => void social.mute((e.target as HTMLInputElement).checked).then((r) => r && setError(r))}
              data-testid="chat-mute"
            />
            <span>{w('muteChat')}</span>
          </label>
          <button type="button" class="chat-close" onClick={() => setOpen(false)} aria-label={w('hideChat')}>
            ×
          </button>
        </div>
        {split && (
          <p class="chat-rule" data-testid="chat-rule">
            {spectator ? w('secretsSpectator') : w('secretsPlayer')}
          </p>
        )}
        {!split && spectator && <p class="chat-rule">{w('openSpectator')}</p>}
        {state.muted && (
          <p class="chat-rule muted-note" data-testid="chat-muted">
            {w('mutedNote')}
          </p>
        )}
        <div
          class="chat-lines"
          ref={list}
          role="log"
          aria-live="polite"
          aria-relevant="additions"
          aria-label={w('chat')}
          tabIndex={0}
          data-testid="chat-lines"
          onScroll={(e) => {
            const el = e.currentTarget as HTMLDivElement;
            stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
          }}
        >
          <ol class="chat-list">
            {state.lines.length === 0 && (
              <li class="chat-empty">{state.chatReady ? w('noLines') : w('chatLoading')}</li>
            )}
            {state.lines.map((l, i) => (
              <ChatRow
                key={`${l.at}-${i}`}
                line={l}
                lang={lang}
                both={both}
                own={isOwn(l, state)}
                seatLabel={seatLabel}
                colour={colour}
              />
            ))}
          </ol>
        </div>
        {signInFirst && (
          <p class="chat-rule" data-testid="chat-sign-in">
            {w('spectatorsSignIn')} <a href="#/login">{w('logIn')}</a> · <a href="#/signup">{w('signUp')}</a>
          </p>
        )}
        <form class="chat-form" hidden={signInFirst} onSubmit={(e) => void send(e)} data-testid="chat-form">
          <label class="sr-only" for="chat-input">
            {w('message')}
          </label>
          <input
            id="chat-input"
            ref={input}
            value={draft}
            maxLength={MAX_CHARS + 50}
            placeholder={w('sayPlaceholder')}
            autoComplete="off"
            aria-describedby="chat-count"
            aria-invalid={length > MAX_CHARS}
            onInput={(e) => setDraft((e.target as HTMLInputElement).value)}
            data-testid="chat-input"
          />
          <button type="submit" disabled={length === 0 || length > MAX_CHARS || sending} data-testid="chat-send">
            {w('send')}
          </button>
          <span
            id="chat-count"
            class={`chat-count${length > MAX_CHARS ? ' over' : length > MAX_CHARS - 50 ? ' near' : ''}`}
            data-testid="chat-count"
          >
            {length}/{MAX_CHARS}
            {length > MAX_CHARS && <span> — {w('tooLong')}</span>}
          </span>
        </form>
        <p class="chat-error" role="alert" data-testid="chat-error">
          {error ?? ''}
        </p>
      </div>
    </section>
  );
}

function isOwn(line: ChatEntry, state: SocialState): boolean {
  return state.seat !== null && line.seat === state.seat && line.channel === 'players';
}

/** One line: who (name, seat or "spectator"), when, and the text — as text. */
function ChatRow({
  line,
  lang,
  both,
  own,
  seatLabel,
  colour,
}: {
  line: ChatEntry;
  lang: Lang;
  both: boolean;
  own: boolean;
  seatLabel: (seat: Seat) => string;
  colour: (seat: Seat) => string;
}) {
  const who = line.seat !== null ? seatLabel(line.seat) : `${line.name ?? '?'} (${tw(lang, 'spectator')})`;
  return (
    <li class={`chat-line ${line.channel}${own ? ' own' : ''}`} data-channel={line.channel}>
      {line.seat !== null && <span class="chat-dot" style={{ background: colour(line.seat) }} aria-hidden="true" />}
      <span class="chat-who">{who}</span>
      {both && line.channel === 'spectators' && <span class="chat-channel"> · {tw(lang, 'spectators')}</span>}
      <time class="chat-time" dateTime={machineMoment(line.at)}>
        {formatTime(line.at, lang)}
      </time>
      <span class="sr-only">: </span>
      <span class="chat-text" data-testid="chat-text">
        {line.text}
      </span>
    </li>
  );
}
