import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import type { MatchSummary } from '@roundtable/protocol';
import { metaOf } from '../games.ts';
import { BOT_LABELS } from '../i18n.ts';
import { useAccount } from '../social/account.ts';
import { myMatches, type MyMatch } from '../social/api.ts';
import { claimedSentence, clockWords, useWords, word } from '../social/account-words.ts';
import { storedSeats } from '../session/tokens.ts';
import { claimGuestSeats, failure } from './account.tsx';
import '../social/accounts.css';

/** The other seats of a match, by name: people, bots with their level, or a free seat. */
export function opponents(lang: Lang, m: MatchSummary, mine: number): string {
  const others = m.seats.filter((s) => s.seat !== mine);
  return others
    .map((s) => (s.kind === 'bot' ? `${word(lang, 'bot')} ${BOT_LABELS[s.level ?? '']?.[lang] ?? s.level ?? ''}`.trim() : s.kind === 'open' ? word(lang, 'openSeat') : (s.name ?? `${lang === 'fr' ? 'Joueur' : 'Player'} ${s.seat + 1}`)))
    .join(', ');
}

/** Where a match stands, for this seat, in words. */
export function standing(lang: Lang, m: MatchSummary, mine: number, yourTurn: boolean): { text: string; tone: 'turn' | 'wait' | 'won' | 'lost' | 'draw' | 'off' } {
  if (m.status === 'open') return { text: word(lang, 'waitingPlayers'), tone: 'wait' };
  if (m.status === 'active') return yourTurn ? { text: word(lang, 'yourTurn'), tone: 'turn' } : { text: word(lang, 'theirTurn'), tone: 'wait' };
  if (m.status === 'archived') return { text: word(lang, 'archived'), tone: 'off' };
  const o = m.outcome;
  if (!o || o.reason === 'cancelled') return { text: word(lang, 'cancelled'), tone: 'off' };
  if (o.draw) return { text: word(lang, 'drawn'), tone: 'draw' };
  return o.winners.includes(mine) ? { text: word(lang, 'won'), tone: 'won' } : { text: word(lang, 'lost'), tone: 'lost' };
}

/** Your turn first, then the matches in play, then the rest; newest first within each. */
export function sortMatches(list: readonly MyMatch[]): MyMatch[] {
  const rank = (m: MyMatch): number => (m.yourTurn ? 0 : m.match.status === 'active' ? 1 : m.match.status === 'open' ? 2 : 3);
  return [...list].sort((a, b) => rank(a) - rank(b) || b.match.createdAt - a.match.createdAt);
}

/** `#/me`: every seat the account holds, on any device. */
export function MyMatchesPage() {
  const { lang, w } = useWords();
  const { me, loading } = useAccount();
  const [list, setList] = useState<MyMatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [local, setLocal] = useState(0);

  const load = (): void => {
    myMatches(lang)
      .then((r) => {
        setList(sortMatches(r.matches));
        setError(null);
        const held = new Set(r.matches.map((m) => `${m.match.id}/${m.seat}`));
        setLocal(storedSeats().filter((s) => !held.has(`${s.match}/${s.seat}`)).length);
      })
      .catch((e: unknown) => setError(failure(lang, e)));
  };
  useEffect(() => {
    if (!me) return;
    load();
    const timer = setInterval(load, 10_000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [me?.id, lang]);

  if (loading) return <p>{w('working')}</p>;
  if (!me) {
    return (
      <section class="my-matches">
        <h1>{w('myMatches')}</h1>
        <p>{w('needAccount')}</p>
        <div class="actions">
          <a class="button primary-link" href="#/login">{w('logIn')}</a>
          <a class="button" href="#/signup">{w('signUp')}</a>
        </div>
      </section>
    );
  }
  const addLocal = async (): Promise<void> => {
    try {
      setNote(claimedSentence(lang, await claimGuestSeats(lang)));
      load();
    } catch (e) {
      setError(failure(lang, e));
    }
  };
  const inPlay = list?.filter((m) => m.match.status === 'active' || m.match.status === 'open') ?? [];
  const over = list?.filter((m) => m.match.status !== 'active' && m.match.status !== 'open') ?? [];
  const turns = inPlay.filter((m) => m.yourTurn).length;
  return (
    <section class="my-matches">
      <h1>
        {w('myMatches')} {turns > 0 && <span class="turn-count" data-testid="turn-count">{turns} · {w('yourTurn')}</span>}
      </h1>
      {error && <p class="error" role="alert">{error}</p>}
      {note && <p class="claim-note" role="status" data-testid="claimed">{note}</p>}
      {local > 0 && (
        <p class="banner">
          {local} {w('matchesHere')}{' '}
          <button type="button" onClick={() => void addLocal()} data-testid="claim-local">{w('addThem')}</button>
        </p>
      )}
      {list === null ? (
        !error && <p>{w('working')}</p>
      ) : list.length === 0 ? (
        <p>{w('noMatches')}</p>
      ) : (
        <>
          {inPlay.length > 0 && <h2>{w('inPlay')}</h2>}
          <MatchRows lang={lang} rows={inPlay} />
          {over.length > 0 && <h2>{w('over')}</h2>}
          <MatchRows lang={lang} rows={over} />
        </>
      )}
    </section>
  );
}

function MatchRows({ lang, rows }: { lang: Lang; rows: readonly MyMatch[] }) {
  if (rows.length === 0) return null;
  return (
    <ul class="social-list" data-testid="me-matches">
      {rows.map(({ match: m, seat, yourTurn }) => {
        const s = standing(lang, m, seat, yourTurn);
        const game = metaOf(m.game)?.name[lang] ?? m.game;
        return (
          <li key={m.id} class={yourTurn ? 'your-turn' : ''} data-match={m.id} data-your-turn={yourTurn ? 'true' : 'false'}>
            <a href={`#/m/${m.id}`} class="row-link">
              <span class={`pill ${s.tone}`}>{s.text}</span>
              <span class="row-main">
                <strong>{game}</strong>
                <span class="muted"> {word(lang, 'against')} {opponents(lang, m, seat)}</span>
              </span>
              <span class="row-meta">
                {clockWords(lang, m.clock)} · {m.rated ? word(lang, 'rated') : word(lang, 'casual')} · <time dateTime={new Date(m.createdAt).toISOString()}>{new Date(m.createdAt).toLocaleDateString(lang)}</time>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
