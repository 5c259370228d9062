import { useEffect, useMemo, useState } from 'preact/hooks';
import { pluralFor, type Lang } from '@roundtable/core';
import type { MyTurnAnswer, MyTurnEntry } from '@roundtable/protocol';
import { metaOf } from '../games.ts';
import { colon } from '../i18n.ts';
import { useReaderMode } from '../reader/mode.ts';
import { navigate } from '../router.ts';
import { useAccount } from '../social/account.ts';
import { opponents } from '../social/match-lists.ts';
import { leftSentence } from '../social/table-words.ts';
import { myTurn } from './api.ts';
import { mw } from './words.ts';
import './my-turn.css';

/** Opens the match that has the least time left (the list's first). */
function goNext(list: readonly MyTurnEntry[]): boolean {
  const first = list[0];
  if (!first) return false;
  navigate(`/m/${encodeURIComponent(first.match.id)}`);
  return true;
}

/** A key pressed where it types nothing (not in a field, no modifier). */
const typesNothing = (e: KeyboardEvent): boolean => {
  const t = e.target as HTMLElement | null;
  const field = t !== null && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
  return !field && !e.ctrlKey && !e.metaKey && !e.altKey;
};

/** `#/my-turn`: every correspondence match waiting for the account's move, with one key to the next one. */
export function MyTurnPage({ lang }: { lang: Lang }) {
  const { me, loading } = useAccount();
  const reader = useReaderMode();
  const [answer, setAnswer] = useState<MyTurnAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const meId = me?.id;
  useEffect(() => {
    if (meId === undefined) return;
    const load = (): void =>
      void myTurn(lang).then(
        (a) => {
          setAnswer(a);
          setError(null);
        },
        (e: Error) => setError(e.message),
      );
    load();
    const timer = setInterval(load, 30_000);
    return () => clearInterval(timer);
  }, [meId, lang]);
  const list = useMemo(() => answer?.matches ?? [], [answer]);
  useEffect(() => {
    const on = (e: KeyboardEvent): void => {
      if ((e.key === 'n' || e.key === 'N') && typesNothing(e) && goNext(list)) e.preventDefault();
    };
    addEventListener('keydown', on);
    return () => removeEventListener('keydown', on);
  }, [list]);

  if (loading) return <p>{mw(lang, 'working')}</p>;
  if (!me)
    return (
      <section class="my-turn">
        <h1>{mw(lang, 'title')}</h1>
        <p>{mw(lang, 'needAccount')}</p>
        <a class="button primary-link" href="#/login">
          {mw(lang, 'logIn')}
        </a>
      </section>
    );
  // Time left as the server counts it: its clock when it answered, plus the time since on this device.
  const skew = answer ? answer.now - Date.now() : 0;
  return (
    <section class="my-turn">
      <h1>{mw(lang, 'title')}</h1>
      <p class="muted">{mw(lang, 'explain')}</p>
      <div class="actions">
        <button
          type="button"
          class="primary"
          disabled={list.length === 0}
          onClick={() => goNext(list)}
          aria-keyshortcuts="N"
          data-testid="my-turn-next"
        >
          {mw(lang, 'next')}
        </button>
        <span class="muted" aria-hidden="true">
          {mw(lang, 'nextKey')}
        </span>
      </div>
      {reader && <ReaderCommand lang={lang} list={list} />}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {answer === null ? (
        !error && <p>{mw(lang, 'working')}</p>
      ) : list.length === 0 ? (
        <p data-testid="my-turn-none">{mw(lang, 'none')}</p>
      ) : (
        <ol class="social-list my-turn-list" data-testid="my-turn-list">
          {list.map((e) => (
            <li key={e.match.id} data-match={e.match.id}>
              <a href={`#/m/${encodeURIComponent(e.match.id)}`} class="row-link">
                <span class="row-main">
                  <strong>{metaOf(e.match.game)?.name[lang] ?? e.match.game}</strong>{' '}
                  <span class="muted">
                    {mw(lang, 'against')} {opponents(lang, e.match, e.seat)}
                  </span>
                </span>
                <span class="row-meta" data-testid="my-turn-left">
                  {e.deadline !== null && leftSentence(Math.max(0, e.deadline - (Date.now() + skew)), lang)}
                </span>
              </a>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** `next`, the list in words and help, typed in the screen-reader mode; answers said in a live region. */
function ReaderCommand({ lang, list }: { lang: Lang; list: readonly MyTurnEntry[] }) {
  const [line, setLine] = useState('');
  const [said, setSaid] = useState('');
  const run = (typed: string): void => {
    const word = typed.trim().toLowerCase();
    if (['next', 'n', 'suivante', 'suivant', 's'].includes(word)) {
      if (!goNext(list)) setSaid(mw(lang, 'none'));
      return;
    }
    if (['list', 'l', 'liste'].includes(word)) {
      if (list.length === 0) return setSaid(mw(lang, 'none'));
      const count = `${list.length} ${mw(lang, pluralFor(list.length, lang) ? 'waiting' : 'waitingOne')}`;
      const rows = list.map(
        (e) =>
          `${metaOf(e.match.game)?.name[lang] ?? e.match.game} ${mw(lang, 'against')} ${opponents(lang, e.match, e.seat)}${e.deadline !== null ? `, ${leftSentence(Math.max(0, e.deadline - Date.now()), lang)}` : ''}`,
      );
      return setSaid(`${count}${colon(lang)} ${rows.join('; ')}.`);
    }
    setSaid(mw(lang, 'help'));
  };
  return (
    <form
      class="my-turn-command"
      onSubmit={(e) => {
        e.preventDefault();
        run(line);
        setLine('');
      }}
    >
      <label>
        {mw(lang, 'command')}
        <input
          value={line}
          onInput={(e) => setLine((e.target as HTMLInputElement).value)}
          data-testid="my-turn-command"
          autoComplete="off"
        />
      </label>
      <p role="status" aria-live="polite" data-testid="my-turn-said">
        {said}
      </p>
    </form>
  );
}
