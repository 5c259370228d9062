import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import { metaOf } from '../games.ts';
import { useAccount } from '../social/account.ts';
import { myMatches, type MyMatch } from '../social/api.ts';
import { opponents, sortMatches, standing } from '../social/match-lists.ts';
import { claimedSentence, clockWords, useWords, word } from '../social/account-words.ts';
import { storedSeats } from '../session/tokens.ts';
import { ratingChangeText, ratingTone } from '../social/rating-change.ts';
import { claimGuestSeats, failure } from './account.tsx';
import { formatDate, machineMoment } from '../dates.ts';
import '../social/accounts.css';

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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload when the account or the language changes; load is rebuilt each render
  }, [me?.id, lang]);

  if (loading) return <p>{w('working')}</p>;
  if (!me) {
    return (
      <section class="my-matches">
        <h1>{w('myMatches')}</h1>
        <p>{w('needAccount')}</p>
        <div class="actions">
          <a class="button primary-link" href="#/login">
            {w('logIn')}
          </a>
          <a class="button" href="#/signup">
            {w('signUp')}
          </a>
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
        {w('myMatches')}{' '}
        {turns > 0 && (
          <span class="turn-count" data-testid="turn-count">
            {turns} · {w('yourTurn')}
          </span>
        )}
      </h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {note && (
        <p class="claim-note" role="status" data-testid="claimed">
          {note}
        </p>
      )}
      {local > 0 && (
        <p class="banner">
          {local} {w('matchesHere')}{' '}
          <button type="button" onClick={() => void addLocal()} data-testid="claim-local">
            {w('addThem')}
          </button>
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
      {rows.map(({ match: m, seat, yourTurn, rating }) => {
        const s = standing(lang, m, seat, yourTurn);
        const game = metaOf(m.game)?.name[lang] ?? m.game;
        return (
          <li
            key={m.id}
            class={yourTurn ? 'your-turn' : ''}
            data-match={m.id}
            data-your-turn={yourTurn ? 'true' : 'false'}
          >
            <a href={`#/m/${m.id}`} class="row-link">
              <span class={`pill ${s.tone}`}>{s.text}</span>
              <span class="row-main">
                <strong>{game}</strong>
                <span class="muted">
                  {' '}
                  {word(lang, 'against')} {opponents(lang, m, seat)}
                </span>
                {rating && <RatingChangeNote rating={rating} lang={lang} />}
              </span>
              <span class="row-meta">
                {clockWords(lang, m.clock)} · {m.rated ? word(lang, 'rated') : word(lang, 'casual')} ·{' '}
                <time dateTime={machineMoment(m.createdAt)}>{formatDate(m.createdAt, lang)}</time>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** A finished rated match's change to the account's rating in its game. */
function RatingChangeNote({ rating, lang }: { rating: NonNullable<MyMatch['rating']>; lang: Lang }) {
  return (
    <span class="muted">
      {' · '}
      {word(lang, 'rating')}{' '}
      <span class={`rating-change ${ratingTone(rating.before, rating.after)}`} data-testid="my-rating-change">
        {ratingChangeText(rating.before, rating.after)}
      </span>
    </span>
  );
}
