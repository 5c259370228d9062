import { useEffect, useRef, useState } from 'preact/hooks';
import { GAMES, isPlayable, loadTable, metaOf } from '../games.ts';
import { BOT_LABELS, BOT_LEVELS } from '../i18n.ts';
import { navigate } from '../router.ts';
import { storeSeat } from '../session/tokens.ts';
import { useAccount } from '../social/account.ts';
import { playNow } from '../social/api.ts';
import { clockWords, levelName, strengthSuffix, useWords } from '../social/account-words.ts';
import { TimeControlField } from '../social/time-control.tsx';
import { clockOf, NO_CLOCK, type TimeControl } from '../social/clock-choice.ts';
import { failure } from './account.tsx';
import '../social/accounts.css';

/**
 * `#/play-now`: the person says what they want (game, players, time control, rated or not, bots after a wait or
 * not); the server seats them with the next people asking the same, and the page goes to the table.
 */
export function PlayNowPage({ initialGame }: { initialGame: string | null }) {
  const { lang, w } = useWords();
  const { me } = useAccount();
  const playable = GAMES.filter((g) => isPlayable(g.id));
  const [game, setGame] = useState(initialGame && isPlayable(initialGame) ? initialGame : (playable[0]?.id ?? ''));
  const meta = metaOf(game);
  const [players, setPlayers] = useState(meta?.players[0] ?? 2);
  const [tc, setTc] = useState<TimeControl>(NO_CLOCK);
  const [rated, setRated] = useState(false);
  const [bots, setBots] = useState(true);
  const [botAfter, setBotAfter] = useState(20);
  const [botLevel, setBotLevel] = useState('medium');
  const [name, setName] = useState(localStorage.getItem('rt.name') ?? '');
  const [perfect, setPerfect] = useState<boolean | null>(null);
  const [searching, setSearching] = useState<{ since: number } | null>(null);
  const [, setNow] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    setPerfect(null);
    void loadTable(game)
      .then((m) => setPerfect(m.game.perfectInformation))
      .catch(() => setPerfect(false));
    const m = metaOf(game);
    if (m) setPlayers((p) => Math.min(m.players[1], Math.max(m.players[0], p)));
  }, [game]);
  useEffect(() => {
    if (perfect === false && tc.kind === 'fischer') setTc(NO_CLOCK);
  }, [perfect, tc.kind]);
  useEffect(() => {
    if (!searching) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [searching]);
  // Leaving the page leaves the queue (the server drops a request whose client went away).
  useEffect(() => () => abort.current?.abort(), []);

  const ratedOk = me !== null;
  const botsOffered = !(rated && ratedOk);
  const clock = clockOf(tc, lang);

  const search = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (!clock.ok) return;
    setError(null);
    if (name.trim()) localStorage.setItem('rt.name', name.trim());
    const controller = new AbortController();
    abort.current = controller;
    setSearching({ since: Date.now() });
    try {
      const answer = await playNow(
        {
          game,
          players,
          ...(clock.clock ? { clock: clock.clock } : {}),
          ...(rated && ratedOk ? { rated: true } : {}),
          ...(!me && name.trim() ? { name: name.trim() } : {}),
          ...(botsOffered && bots ? { botAfterSeconds: botAfter, botLevel } : { waitSeconds: 300 }),
        },
        lang,
        controller.signal,
      );
      storeSeat({ match: answer.match.id, game, seat: answer.seat, token: answer.token, createdAt: Date.now() });
      navigate(`/m/${answer.match.id}`);
    } catch (err) {
      if (!controller.signal.aborted) setError(failure(lang, err));
    } finally {
      if (abort.current === controller) abort.current = null;
      setSearching(null);
    }
  };
  const cancel = (): void => {
    abort.current?.abort();
    setError(w('cancelled2'));
  };

  if (searching) {
    const seconds = Math.floor((Date.now() - searching.since) / 1000);
    return (
      <section class="play-now">
        <div class="account-card searching" role="status" aria-live="polite" data-testid="searching">
          <div class="spinner" aria-hidden="true" />
          <h1>{w('searching')}</h1>
          <p>
            {meta?.name[lang]} · {players} {w('playersCount').toLowerCase()} ·{' '}
            {clockWords(lang, clock.ok ? clock.clock : undefined)} · {rated && ratedOk ? w('rated') : w('casual')}
          </p>
          <p class="muted" data-testid="search-seconds">
            {seconds} s
          </p>
          {botsOffered && bots ? (
            <p class="muted">
              {w('offerBots')} {botAfter} {w('seconds')}
            </p>
          ) : (
            <p class="muted">{w('keepWaiting')}</p>
          )}
          <button type="button" onClick={cancel} data-testid="cancel-search">
            {w('cancel')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section class="play-now">
      <h1>{w('playNowTitle')}</h1>
      <p class="muted">{w('playNowWhy')}</p>
      <form onSubmit={(e) => void search(e)} class="social-form">
        <label class="field">
          {w('game')}
          <select value={game} onChange={(e) => setGame((e.target as HTMLSelectElement).value)} data-testid="pn-game">
            {playable.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name[lang]}
              </option>
            ))}
          </select>
        </label>
        {meta && meta.players[0] !== meta.players[1] && (
          <label class="field">
            {w('playersCount')}
            <select
              value={players}
              onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))}
              data-testid="pn-players"
            >
              {Array.from({ length: meta.players[1] - meta.players[0] + 1 }, (_, i) => meta.players[0] + i).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
        <TimeControlField value={tc} onChange={setTc} lang={lang} fischerAllowed={perfect === true} idPrefix="pn" />
        <fieldset>
          <legend>{w('rated')}</legend>
          <label class="check-line">
            <input
              type="checkbox"
              checked={rated && ratedOk}
              disabled={!ratedOk}
              onChange={(e) => setRated((e.target as HTMLInputElement).checked)}
              data-testid="pn-rated"
            />{' '}
            {w('ratedLabel')}
          </label>
          {!ratedOk && (
            <p class="muted small" data-testid="rated-why">
              {w('ratedNeedsAccount')} <a href="#/login">{w('logIn')}</a> · <a href="#/signup">{w('signUp')}</a>
            </p>
          )}
        </fieldset>
        <fieldset>
          <legend>{w('ifNobody')}</legend>
          {botsOffered ? (
            <>
              <label class="radio">
                <input
                  type="radio"
                  name="pn-bots"
                  checked={bots}
                  onChange={() => setBots(true)}
                  data-testid="pn-bots-yes"
                />{' '}
                {w('offerBots')}{' '}
                <input
                  type="number"
                  class="small-number"
                  min={1}
                  max={300}
                  value={botAfter}
                  aria-label={`${w('offerBots')} (${w('seconds')})`}
                  onInput={(e) => {
                    const n = Number((e.target as HTMLInputElement).value);
                    if (Number.isInteger(n) && n >= 1 && n <= 300) setBotAfter(n);
                  }}
                  data-testid="pn-bot-after"
                />{' '}
                {w('seconds')}
              </label>
              {bots && (
                <label class="field indent">
                  {w('botLevel')}
                  <select
                    value={botLevel}
                    onChange={(e) => setBotLevel((e.target as HTMLSelectElement).value)}
                    data-testid="pn-bot-level"
                  >
                    {BOT_LEVELS.map((l) => (
                      <option key={l} value={l}>
                        {levelName(lang, l, BOT_LABELS)}
                        {strengthSuffix(game, l, lang)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <label class="radio">
                <input
                  type="radio"
                  name="pn-bots"
                  checked={!bots}
                  onChange={() => setBots(false)}
                  data-testid="pn-bots-no"
                />{' '}
                {w('keepWaiting')}
              </label>
            </>
          ) : (
            <p class="muted small">{w('ratedNoBots')}</p>
          )}
        </fieldset>
        {!me && (
          <label class="field">
            {w('yourName')}
            <input
              value={name}
              maxLength={40}
              onInput={(e) => setName((e.target as HTMLInputElement).value)}
              data-testid="pn-name"
            />
          </label>
        )}
        {error && (
          <p class="error" role="alert" data-testid="pn-error">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={!clock.ok} data-testid="pn-search">
          {w('search')}
        </button>
      </form>
    </section>
  );
}
