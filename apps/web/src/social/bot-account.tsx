import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import type { BotTokenAnswer, Challenge } from '@roundtable/protocol';
import { GAMES, isPlayable } from '../games.ts';
import { useT } from '../i18n.ts';
import { failure } from '../pages/account.tsx';
import { call } from './api.ts';
import { bw, declineReason } from './bot-words.ts';

/** The mark beside a bot account's name, wherever it shows (issue 38). */
export function BotMark({ lang }: { lang: Lang }) {
  return (
    <span class="bot-mark" title={bw(lang, 'markTitle')} data-testid="bot-mark">
      {bw(lang, 'mark')}
    </span>
  );
}

/**
 * On the account page (`#/settings`): turn the account into a bot account — a warning, a confirmation, then the bot
 * token shown once with the command that plays it — or, for a bot account, a new token.
 */
export function BotAccountPanel() {
  const { lang } = useT();
  const [state, setState] = useState<{ bot: boolean } | null>(null);
  const [sure, setSure] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    call<{ bot: boolean }>('GET', '/api/me/bot', lang)
      .then(setState)
      .catch((e: unknown) => setError(failure(lang, e)));
  }, [lang]);
  const ask = (path: string): void => {
    setBusy(true);
    setError(null);
    call<BotTokenAnswer>('POST', path, lang)
      .then((answer) => {
        setToken(answer.token);
        setState({ bot: true });
      })
      .catch((e: unknown) => setError(failure(lang, e)))
      .finally(() => setBusy(false));
  };
  if (!state && !error) return null;
  return (
    <section class="bot-panel" data-testid="bot-panel">
      <h2>{state?.bot ? bw(lang, 'panelTitle') : bw(lang, 'makeTitle')}</h2>
      {error && (
        <p class="error" role="alert" data-testid="bot-error">
          {error}
        </p>
      )}
      {token && (
        <div class="bot-token" role="status" data-testid="bot-token">
          <h3>{bw(lang, 'tokenTitle')}</h3>
          <p class="warning">{bw(lang, 'tokenOnce')}</p>
          <input readOnly value={token} aria-label={bw(lang, 'tokenTitle')} onFocus={(e) => e.currentTarget.select()} />
          <p>{bw(lang, 'runIt')}</p>
          <pre>
            <code>{`npx roundtable bot-connect --engine "npx roundtable engine --level medium" --server ${location.origin} --token ${token}`}</code>
          </pre>
        </div>
      )}
      {state?.bot ? (
        <>
          <p>
            <BotMark lang={lang} /> {bw(lang, 'isBot')}
          </p>
          <p class="muted small">{bw(lang, 'newTokenWarning')}</p>
          <button type="button" disabled={busy} onClick={() => ask('/api/me/bot/token')} data-testid="bot-new-token">
            {bw(lang, 'newToken')}
          </button>
        </>
      ) : (
        state && (
          <>
            <p>{bw(lang, 'makeWhy')}</p>
            <p class="warning" data-testid="bot-warning">
              {bw(lang, 'makeWarning')}
            </p>
            <label class="check-line">
              <input
                type="checkbox"
                checked={sure}
                onChange={(e) => setSure((e.target as HTMLInputElement).checked)}
                data-testid="bot-confirm"
              />{' '}
              {bw(lang, 'confirm')}
            </label>
            <button
              type="button"
              class="danger"
              disabled={!sure || busy}
              onClick={() => ask('/api/me/bot')}
              data-testid="bot-make"
            >
              {bw(lang, 'makeButton')}
            </button>
          </>
        )
      )}
    </section>
  );
}

const CLOCKS = [
  { key: 'none', words: 'noClock', clock: undefined },
  { key: 'm1', words: 'perMove1', clock: { moveSeconds: 60 } },
  { key: 'm5', words: 'perMove5', clock: { moveSeconds: 300 } },
  { key: 'd1', words: 'perDay', clock: { days: 1 } },
] as const;

/** On a bot account's player page: a person challenges it (game, clock, rated), then sees its answer. */
export function ChallengeForm({ bot }: { bot: string }) {
  const { lang } = useT();
  const games = GAMES.filter((g) => isPlayable(g.id) && g.descriptor.minPlayers <= 2 && g.descriptor.maxPlayers >= 2);
  const [game, setGame] = useState(games[0]?.id ?? 'camelot');
  const [clock, setClock] = useState<(typeof CLOCKS)[number]['key']>('m5');
  const [rated, setRated] = useState(false);
  const [sent, setSent] = useState<Challenge | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Asks for the answer every 2 s while it is pending.
  useEffect(() => {
    if (!sent || sent.status !== 'pending') return;
    const timer = setTimeout(() => {
      call<{ challenge: Challenge }>('GET', `/api/challenges/${encodeURIComponent(sent.id)}`, lang)
        .then((r) => setSent(r.challenge))
        .catch((e: unknown) => setError(failure(lang, e)));
    }, 2000);
    return () => clearTimeout(timer);
  }, [sent, lang]);
  const chosen = CLOCKS.find((c) => c.key === clock)!;
  const submit = (e: Event): void => {
    e.preventDefault();
    setError(null);
    call<{ challenge: Challenge }>('POST', '/api/challenges', lang, {
      to: bot,
      game,
      ...(chosen.clock ? { clock: chosen.clock } : {}),
      ...(rated ? { rated: true } : {}),
    })
      .then((r) => setSent(r.challenge))
      .catch((err: unknown) => setError(failure(lang, err)));
  };
  return (
    <section class="challenge" data-testid="challenge">
      <h2>{bw(lang, 'challengeTitle')}</h2>
      <form onSubmit={submit} class="challenge-form">
        <label class="stacked">
          <span>{bw(lang, 'game')}</span>
          <select
            value={game}
            onChange={(e) => setGame((e.target as HTMLSelectElement).value)}
            data-testid="challenge-game"
          >
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name[lang]}
              </option>
            ))}
          </select>
        </label>
        <label class="stacked">
          <span>{bw(lang, 'clock')}</span>
          <select
            value={clock}
            onChange={(e) => {
              const next = (e.target as HTMLSelectElement).value as typeof clock;
              setClock(next);
              if (next === 'none') setRated(false);
            }}
            data-testid="challenge-clock"
          >
            {CLOCKS.map((c) => (
              <option key={c.key} value={c.key}>
                {bw(lang, c.words)}
              </option>
            ))}
          </select>
        </label>
        <label class="check-line">
          <input
            type="checkbox"
            checked={rated}
            disabled={!chosen.clock}
            onChange={(e) => setRated((e.target as HTMLInputElement).checked)}
            data-testid="challenge-rated"
          />{' '}
          {bw(lang, 'rated')}
          {!chosen.clock && <span class="muted small"> — {bw(lang, 'ratedNeedsClock')}</span>}
        </label>
        <button type="submit" class="primary" disabled={sent?.status === 'pending'} data-testid="challenge-send">
          {bw(lang, 'send')}
        </button>
      </form>
      {error && (
        <p class="error" role="alert" data-testid="challenge-error">
          {error}
        </p>
      )}
      {sent && (
        <p role="status" data-testid="challenge-status" data-status={sent.status}>
          {sent.status === 'pending' && bw(lang, 'pending')}
          {sent.status === 'accepted' && sent.match && (
            <>
              {bw(lang, 'accepted')} <a href={`#/m/${sent.match}`}>{bw(lang, 'openMatch')}</a>
            </>
          )}
          {sent.status === 'declined' && `${bw(lang, 'declined')} — ${declineReason(lang, sent.reason)}`}
          {sent.status === 'cancelled' && bw(lang, 'cancelled')}
          {sent.status === 'lapsed' && bw(lang, 'lapsed')}
        </p>
      )}
    </section>
  );
}
