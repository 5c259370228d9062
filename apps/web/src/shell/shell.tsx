import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Outcome, Seat } from '@roundtable/core';
import { BOT_LABELS, useT } from '../i18n.ts';
import { RulesText } from '../pages/rules.tsx';
import type { Session, Snapshot } from '../session/types.ts';
import { Sound } from '../sound.ts';
import type { GameMeta, TableModule } from '../table-api.ts';

/**
 * Redraw timings (Performance API): when a new position arrives, `rt-redraw` measures up to the commit of the
 * new board and `rt-frame` up to the next animation frame (the first paint that shows it).
 */
let updateStart: number | null = null;
function markUpdate(): void {
  updateStart ??= performance.now();
}

function useSnapshot(session: Session): Snapshot {
  const [snap, setSnap] = useState(() => session.snapshot());
  useEffect(() => {
    setSnap(session.snapshot());
    return session.subscribe(() => {
      markUpdate();
      setSnap(session.snapshot());
    });
  }, [session]);
  return snap;
}

export function Shell({ session, module, meta, onRestart }: { session: Session; module: TableModule; meta: GameMeta | undefined; onRestart: () => void }) {
  const { lang, t } = useT();
  const snap = useSnapshot(session);
  const [reason, setReason] = useState<string | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [replayPly, setReplayPly] = useState<number | null>(null);
  const [replayView, setReplayView] = useState<unknown>(null);
  const [typed, setTyped] = useState('');
  const [copied, setCopied] = useState(false);
  const game = module.game;
  const prevPly = useRef(snap.log.length);

  useEffect(() => session.setLang(lang), [lang, session]);

  useLayoutEffect(() => {
    const start = updateStart;
    if (start === null) return;
    updateStart = null;
    performance.measure('rt-redraw', { start, end: performance.now() });
    requestAnimationFrame(() => performance.measure('rt-frame', { start, end: performance.now() }));
  }, [snap]);

  useEffect(() => {
    if (snap.log.length !== prevPly.current) {
      prevPly.current = snap.log.length;
      setReason(null);
      Sound.beep(snap.active !== null ? 880 : 520);
    }
  }, [snap]);

  useEffect(() => {
    if (replayPly === null) return;
    let live = true;
    void session.viewAt(replayPly).then((v) => live && setReplayView(v));
    return () => {
      live = false;
    };
  }, [replayPly, session]);

  const seatLabel = (seat: Seat): string => {
    const s = snap.seats[seat];
    const base = game.seatName(seat, snap.players, lang);
    if (!s) return base;
    if (s.kind === 'bot') return `${base} (${t('bot')} ${BOT_LABELS[s.level ?? '']?.[lang] ?? s.level ?? ''})`;
    if (s.name) return `${base} (${s.name})`;
    return base;
  };

  const play = (move: string): void => {
    setReason(null);
    void session.play(move).then((error) => {
      if (error) setReason(error);
    });
  };

  const inReplay = replayPly !== null && replayView !== null;
  const view = inReplay ? replayView : snap.view;
  const status = statusLine(snap, seatLabel, t);
  const invite = snap.matchId ? `${location.origin}${location.pathname}#/m/${snap.matchId}/join` : null;
  const maxPly = snap.ply ?? 0;

  return (
    <section class={`play game-${game.id}`} data-testid="table" data-status={snap.status} data-active={snap.active ?? ''} data-ply={snap.log.length} data-connection={snap.connection}>
      <div class="play-head">
        <h1>{meta?.name[lang] ?? game.id}</h1>
        <p class={`status${snap.active !== null ? ' your-turn' : ''}${snap.outcome ? ' over' : ''}`} data-testid="status" aria-live="polite">
          {status}
        </p>
        <div class="actions">
          <button type="button" onClick={() => setRulesOpen(true)} data-testid="rules">{t('rules')}</button>
          {snap.canUndo && <button type="button" onClick={() => session.undo()} data-testid="undo">{t('undo')}</button>}
          <button type="button" onClick={onRestart}>{t('newMatch')}</button>
        </div>
      </div>
      {snap.connection === 'lost' && <p class="banner" role="status" data-testid="reconnecting">{t('reconnecting')}</p>}
      {invite && snap.status === 'open' && (
        <div class="invite">
          <span>{t('waitingPlayers')}</span>
          <label>
            {t('invite')} <input readOnly value={invite} data-testid="invite" onFocus={(e) => (e.target as HTMLInputElement).select()} />
          </label>
          <button type="button" onClick={() => void navigator.clipboard?.writeText(invite).then(() => setCopied(true))}>{copied ? t('copied') : t('copy')}</button>
        </div>
      )}
      <div class="play-body">
        <div class="board-area">
          {snap.privacy !== null ? (
            <div class="privacy" data-testid="privacy">
              <p class="big">
                {t('passTo')} {seatLabel(snap.privacy)}
              </p>
              <p>{t('privacy')}</p>
              <button type="button" class="primary" autoFocus onClick={() => session.revealFor(snap.privacy as Seat)} data-testid="reveal">
                {t('ready')}
              </button>
            </div>
          ) : view !== null ? (
            <module.Table
              game={game}
              view={view}
              viewer={snap.viewer}
              active={inReplay ? null : snap.active}
              legal={inReplay ? [] : snap.legal}
              play={play}
              refuse={setReason}
              lastMove={inReplay ? null : snap.lastMove}
              lang={lang}
              seatLabel={seatLabel}
              players={snap.players}
            />
          ) : (
            <p>{t('loading')}</p>
          )}
          <p class="reason" role="alert" data-testid="reason">{reason ?? ''}</p>
        </div>
        <aside class="side">
          <ul class="seat-list">
            {snap.seats.map((s, i) => (
              <li key={i} class={snap.toMove.includes(i) ? 'to-move' : ''}>
                <span class="dot" style={{ background: module.seatColour(i, snap.players) }} aria-hidden="true" />
                {seatLabel(i)}
                {snap.matchId && s.kind !== 'bot' && s.kind !== 'open' && <small> · {s.connected ? t('connected') : t('away')}</small>}
                {snap.viewer === i && <small> · {t('you')}</small>}
                {snap.thinking === i && <small class="thinking"> · {t('thinking')}</small>}
              </li>
            ))}
          </ul>
          {snap.active !== null && !inReplay && (
            <form
              class="move-input"
              onSubmit={(e) => {
                e.preventDefault();
                if (typed.trim()) play(typed.trim());
                setTyped('');
              }}
            >
              <label>
                {t('typeMove')}
                <input list="legal-moves" value={typed} onInput={(e) => setTyped((e.target as HTMLInputElement).value)} data-testid="move-input" autoComplete="off" spellcheck={false} />
              </label>
              <datalist id="legal-moves" data-testid="legal">
                {snap.legal.map((m) => <option key={m} value={m} />)}
              </datalist>
              <button type="submit">{t('send')}</button>
            </form>
          )}
          {snap.replayable && snap.privacy === null && maxPly > 0 && (
            <div class="replay">
              <label>
                {t('replay')} {replayPly ?? maxPly}/{maxPly}
                <input
                  type="range"
                  min={0}
                  max={maxPly}
                  value={replayPly ?? maxPly}
                  data-testid="replay"
                  onInput={(e) => {
                    const v = Number((e.target as HTMLInputElement).value);
                    setReplayPly(v >= maxPly ? null : v);
                    if (v >= maxPly) setReplayView(null);
                  }}
                />
              </label>
              {replayPly !== null && <button type="button" onClick={() => { setReplayPly(null); setReplayView(null); }}>{t('live')}</button>}
            </div>
          )}
          <h2>{game.perfectInformation ? t('moves') : t('log')}</h2>
          <ol class="log" data-testid="log">
            {snap.log.map((e, i) => (
              <li key={i} class={e.move ? 'move' : 'event'}>
                {e.seat !== null && <span class="dot" style={{ background: module.seatColour(e.seat, snap.players) }} aria-hidden="true" />}
                {e.seat !== null && <span class="who">{game.seatName(e.seat, snap.players, lang)}</span>} <code>{e.text}</code>
              </li>
            ))}
          </ol>
        </aside>
      </div>
      {rulesOpen && (
        <div class="modal" role="dialog" aria-modal="true" aria-label={t('rules')} onKeyDown={(e) => e.key === 'Escape' && setRulesOpen(false)}>
          <div class="modal-body">
            <button type="button" class="close" onClick={() => setRulesOpen(false)} autoFocus>{t('close')}</button>
            <RulesText module={module} />
          </div>
        </div>
      )}
    </section>
  );
}

function statusLine(snap: Snapshot, seatLabel: (s: Seat) => string, t: (k: Parameters<ReturnType<typeof useT>['t']>[0]) => string): string {
  if (snap.outcome) return `${t('gameOver')} — ${outcomeText(snap.outcome, seatLabel, t)}`;
  if (snap.status === 'open') return t('waitingPlayers');
  if (snap.status === 'abandoned') return t('gameOver');
  if (snap.active !== null) return `${t('yourTurn')} — ${seatLabel(snap.active)}`;
  if (snap.thinking !== null) return `${seatLabel(snap.thinking)} ${t('thinking')}`;
  return snap.toMove.map(seatLabel).join(', ') + ` ${t('toPlay')}`;
}

function outcomeText(o: Outcome, seatLabel: (s: Seat) => string, t: (k: 'draw' | 'wins' | 'win') => string): string {
  if (o.draw || o.winners.length === 0) return `${t('draw')} (${o.reason})`;
  return `${o.winners.map(seatLabel).join(', ')} ${o.winners.length > 1 ? t('win') : t('wins')} (${o.reason})`;
}
