import { useEffect, useMemo, useState } from 'preact/hooks';
import type { MatchSummary } from '@roundtable/protocol';
import { loadTable, metaOf } from '../games.ts';
import { BOT_LABELS, useT } from '../i18n.ts';
import { roleName, seatTitle } from '../session/names.ts';
import { getMatch, joinMatch } from '../session/api.ts';
import { UnratedOffer } from '../clubs/unrated-offer.tsx';
import { movedUnrated, rememberUnrated, UnratedNote } from '../clubs/unrated-note.tsx';
import { LocalSession } from '../session/local.ts';
import { loadLocalSetup, saveLocalSetup } from '../session/local-store.ts';
import { navigate } from '../router.ts';
import { OnlineSession } from '../session/online.ts';
import { seatFor, storeSeat } from '../session/tokens.ts';
import type { Session } from '../session/types.ts';
import type { TableModule } from '../table-api.ts';
import { Shell } from '../shell/shell.tsx';
import { useAccount } from '../social/account.ts';

function useTable(gameId: string | null): TableModule | null {
  const [module, setModule] = useState<TableModule | null>(null);
  useEffect(() => {
    if (gameId) void loadTable(gameId).then(setModule);
  }, [gameId]);
  return module;
}

export function LocalPlay({ gameId }: { gameId: string }) {
  const { lang, t } = useT();
  const module = useTable(gameId);
  const record = useMemo(() => loadLocalSetup(gameId), [gameId]);
  const [error, setError] = useState<string | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  useEffect(() => {
    if (!module || !record) return;
    try {
      const s = new LocalSession(
        {
          game: module.game,
          seats: record.seats.map((x) => ({
            kind: x.kind,
            ...(x.level ? { level: x.level } : {}),
            ...(x.name ? { name: x.name } : {}),
          })),
          options: record.options,
          seed: record.seed,
          moves: record.moves,
        },
        lang,
      );
      setSession(s);
      return () => s.close();
    } catch (e) {
      setError((e as Error).message);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one local session per table module and record
  }, [module, record]);
  if (!record) {
    location.hash = `#/new/${gameId}`;
    return null;
  }
  if (error)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  if (!module || !session) return <p>{t('loading')}</p>;
  const rematch = (): void => {
    // The same seats and options, a fresh deal.
    saveLocalSetup({ ...record, seed: Math.floor(Math.random() * 2 ** 31), moves: [] });
    navigate(`/local/${gameId}?n=${Date.now().toString(36)}`);
  };
  return (
    <Shell
      session={session}
      module={module}
      meta={metaOf(gameId)}
      onRestart={() => (location.hash = `#/new/${gameId}`)}
      onRematch={rematch}
    />
  );
}

export function OnlinePlay({ matchId, autoJoin }: { matchId: string; autoJoin: boolean }) {
  const { lang, t } = useT();
  const [summary, setSummary] = useState<MatchSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A rated seat refused for its address comes with the offer of the same match unrated (clubs/unrated-offer.tsx).
  const [offer, setOffer] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(() => seatFor(matchId)?.token ?? null);
  const [watching, setWatching] = useState(false);
  const [name, setName] = useState(localStorage.getItem('rt.name') ?? '');
  const module = useTable(summary?.game ?? null);
  const [session, setSession] = useState<Session | null>(null);

  useEffect(() => {
    getMatch(matchId, lang)
      .then((r) => setSummary(r.match))
      .catch((e: Error) => setError(e.message));
  }, [matchId, lang]);

  const freeSeat = summary?.seats.some((s) => s.kind === 'open') ?? false;
  // Signed in and seated here already (another device, no token): the server attaches the account to its seat.
  const { me } = useAccount();
  const seatedHere = me !== null && (summary?.seats.some((s) => s.kind === 'human' && s.name === me.name) ?? false);
  const ready = module && summary && (token !== null || watching || !freeSeat || seatedHere);

  useEffect(() => {
    if (!ready || !module) return;
    const game = module.game.id;
    const s = new OnlineSession(module.game, matchId, token, lang, {
      clock: summary?.clock ?? null,
      // A rematch agreed: this seat's token in the new match is kept like any other, and the table moves there.
      onRematch: (next) => {
        storeSeat({ match: next.match, game, seat: next.seat, token: next.token, createdAt: Date.now() });
        if (next.unrated) rememberUnrated(next.match);
        navigate(`/m/${encodeURIComponent(next.match)}`);
      },
    });
    setSession(s);
    return () => s.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one online session per module and seat token; the callbacks read the latest state
  }, [ready, module, token]);

  const join = async (): Promise<void> => {
    try {
      if (name.trim()) localStorage.setItem('rt.name', name.trim());
      const answer = await joinMatch(matchId, name.trim() || undefined, lang);
      storeSeat({
        match: matchId,
        game: answer.match.game,
        seat: answer.seat,
        token: answer.token,
        createdAt: Date.now(),
      });
      setToken(answer.token);
    } catch (e) {
      const offered = (e as { details?: { offer?: unknown } }).details?.offer;
      setOffer(typeof offered === 'string' && offered.startsWith('/api/matches/') ? offered : null);
      setError((e as Error).message);
    }
  };

  useEffect(() => {
    // An invitation link joins at once for a person whose name this browser knows; others are asked it first.
    if (autoJoin && summary && freeSeat && token === null && !seatedHere && (name.trim() || me)) void join();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- joins once when the invitation, the match or the account arrive, not on each keystroke of the name
  }, [autoJoin, summary, me]);

  if (error)
    return (
      <>
        <p class="error" role="alert" data-testid="join-error">
          {error}
        </p>
        {offer && <UnratedOffer offer={offer} lang={lang} />}
      </>
    );
  if (!summary || !module) return <p>{t('loading')}</p>;
  if (!ready) {
    return (
      <section class="join">
        <h1>{metaOf(summary.game)?.name[lang] ?? summary.game}</h1>
        <ul class="seats">
          {summary.seats.map((s) => (
            <li key={s.seat}>
              {s.kind === 'open'
                ? `${roleName(module.game, s.seat, summary.players, lang) ?? `${t('seat')} ${s.seat + 1}`} — ${t('openSeat')}`
                : seatTitle(
                    module.game,
                    summary.seats.map((x) => ({ kind: x.kind, name: x.name, level: x.level, connected: x.connected })),
                    s.seat,
                    lang,
                  )}
              {s.kind === 'bot' && ` — ${t('bot')} ${BOT_LABELS[s.level ?? '']?.[lang] ?? s.level ?? ''}`}
            </li>
          ))}
        </ul>
        {/* Provably fair: the deal's commitment (SHA-256 of the seed), and whether the creator chose the seed. */}
        <p class="hint" data-testid="commitment">
          {summary.seeded && (
            <strong data-testid="seeded">
              {lang === 'fr' ? 'Graine choisie par le créateur. ' : 'Seed chosen by its creator. '}
            </strong>
          )}
          {lang === 'fr'
            ? 'Engagement sur la donne (SHA-256 de la graine, révélée à la fin)\u00a0: '
            : 'Deal commitment (SHA-256 of the seed, revealed at the end): '}
          <code>{summary.commitment}</code>
        </p>
        {!me && (
          <label class="field">
            {t('yourName')}
            <input
              value={name}
              maxLength={40}
              onInput={(e) => setName((e.target as HTMLInputElement).value)}
              data-testid="join-name"
            />
          </label>
        )}
        <div class="actions">
          <button type="button" class="primary" onClick={() => void join()} data-testid="join">
            {t('join')}
          </button>
          <button type="button" onClick={() => setWatching(true)} data-testid="watch">
            {t('watch')}
          </button>
        </div>
      </section>
    );
  }
  if (!session) return <p>{t('loading')}</p>;
  return (
    <>
      {movedUnrated(matchId) && <UnratedNote lang={lang} />}
      <Shell
        session={session}
        module={module}
        meta={metaOf(summary.game)}
        onRestart={() => (location.hash = `#/new/${summary.game}`)}
      />
    </>
  );
}
