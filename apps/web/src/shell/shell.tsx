import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Seat } from '@roundtable/core';
import { BOT_LABELS, useT } from '../i18n.ts';
import { RulesText } from '../pages/rules.tsx';
import { personName, seatTitle } from '../session/names.ts';
import type { Session, Snapshot } from '../session/types.ts';
import { Sound } from '../sound.ts';
import type { GameMeta, TableModule } from '../table-api.ts';
import { Modal } from './dialog.tsx';
import { EndPanel } from './end-panel.tsx';
import { TableNotes } from '../vacation/table-notes.tsx';
import { HeldMarks } from '../vacation/held-marks.tsx';
import { GameLog, markRefs } from './log.tsx';
import { SPEEDS, SPEED_MS, saveSpeed, savedSpeed, takeShownAt, usePacedSnapshot, type Speed } from './pace.ts';
import { ReplayBar } from './replay.tsx';
import { StudyLinks, reviewHref } from './study-links.tsx';
import { ChatPanel } from '../social/chat.tsx';
import { ClockNote, ClockStrip, SeatClock, useSocial } from '../social/clocks.tsx';
import { TableBerserk } from '../events/table-berserk.tsx';
import { useNoticePermission, useTurnNotice } from '../social/notify.ts';
import { OfferBanner, TableActions, tableMoves } from '../social/offers.tsx';
import { useInPlay } from '../pwa/in-play.ts';
import { SpectatorList } from '../social/spectators.tsx';
import { useReaderMode } from '../reader/mode.ts';
import { AnnouncerRegion, useAnnouncer } from '../reader/announcer.tsx';
import { useFocusKeeper } from '../reader/focus.ts';
import { CommandField } from '../reader/command.tsx';
import { rw } from '../reader/words.ts';
import { useClockWarnings } from '../reader/clock-warnings.ts';
import { ConditionalPanel } from '../conditional/panel.tsx';

const W = {
  speed: { en: 'Speed', fr: 'Vitesse' },
  slow: { en: 'slow', fr: 'lente' },
  normal: { en: 'normal', fr: 'normale' },
  fast: { en: 'fast', fr: 'rapide' },
  instant: { en: 'instant', fr: 'instantanée' },
  skip: { en: 'Skip', fr: 'Passer' },
  behind: { en: 'more to show', fr: 'à montrer' },
  result: { en: 'Result', fr: 'Résultat' },
  onlyYou: { en: 'only you see this', fr: 'vous seul le voyez' },
  history: { en: 'What happened', fr: 'Déroulement' },
  wins: { en: 'wins', fr: 'l’emporte' },
  win: { en: 'win', fr: 'l’emportent' },
} as const;

export function Shell({
  session,
  module,
  meta,
  onRestart,
  onRematch,
}: {
  session: Session;
  module: TableModule;
  meta: GameMeta | undefined;
  onRestart: () => void;
  onRematch?: () => void;
}) {
  const { lang, t } = useT();
  const w = (k: keyof typeof W): string => W[k][lang];
  const [speed, setSpeed] = useState<Speed>(savedSpeed);
  const { snap, behind, skip } = usePacedSnapshot(session, speed);
  const [reason, setReason] = useState<string | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [endOpen, setEndOpen] = useState(true);
  const [replayPly, setReplayPly] = useState<number | null>(null);
  const [replay, setReplay] = useState<{
    ply: number;
    view: unknown;
    last: { seat: Seat; move: string } | null;
  } | null>(null);
  const [typed, setTyped] = useState('');
  const [copied, setCopied] = useState(false);
  const board = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLElement>(null);
  const game = module.game;
  const reader = useReaderMode();
  const announcer = useAnnouncer(snap.log, snap.viewer, rw(lang, 'nothingYet'));
  useFocusKeeper(root, board);
  const prevUpdates = useRef(snap.updates);

  useEffect(() => session.setLang(lang), [lang, session]);
  // A new version of the app waits while a match is under way here (src/pwa/update-offer.tsx).
  useInPlay(snap.status === 'active' || snap.status === 'open');

  // Online: chat, clocks, offers, and the turn notice when the page is hidden.
  const social = session.social;
  const table = useSocial(social);
  useClockWarnings(table, table?.seat ?? null, reader, lang, announcer.say);
  const notice = useNoticePermission();
  const [tableError, setTableError] = useState<string | null>(null);
  useTurnNotice(social !== undefined && snap.active !== null, lang, meta?.name[lang] ?? game.id, snap.matchId);
  const rematchOffered = table?.pending.some((p) => p.kind === 'rematch' && p.by !== table.seat) ?? false;
  useEffect(() => {
    if (rematchOffered) setEndOpen(false);
  }, [rematchOffered]);
  const onlineRematch =
    social && table && tableMoves(table, snap, game.id).rematch
      ? () => {
          setEndOpen(false);
          void (rematchOffered ? social.answer('rematch', true) : social.offer('rematch')).then(setTableError);
        }
      : null;

  // Redraw timings (Performance API): from the moment a new position is put on screen, `rt-redraw` measures up
  // to the commit of the new board and `rt-frame` up to the next animation frame (the first paint that shows it).
  useLayoutEffect(() => {
    const start = takeShownAt();
    if (start === null) return;
    performance.measure('rt-redraw', { start, end: performance.now() });
    requestAnimationFrame(() => performance.measure('rt-frame', { start, end: performance.now() }));
  }, [snap]);

  useEffect(() => {
    if (snap.updates !== prevUpdates.current) {
      prevUpdates.current = snap.updates;
      setReason(null);
      Sound.beep(snap.active !== null ? 880 : 520);
    }
  }, [snap]);

  useEffect(() => {
    if (replayPly === null) {
      setReplay(null);
      return;
    }
    let live = true;
    void session.viewAt(replayPly).then((r) => live && setReplay({ ply: replayPly, ...r }));
    return () => {
      live = false;
    };
  }, [replayPly, session]);

  const name = (seat: Seat): string => personName(snap.seats, seat, lang);
  const seatLabel = (seat: Seat): string => seatTitle(game, snap.seats, seat, lang);

  const play = (move: string): void => {
    setReason(null);
    void session.play(move).then((error) => {
      if (error) setReason(error);
    });
  };

  const inReplay = replayPly !== null && replay !== null;
  const view = inReplay ? replay.view : snap.view;
  const invite = snap.matchId ? `${location.origin}${location.pathname}#/m/${snap.matchId}/join` : null;
  const openSeats = snap.seats.some((s) => s.kind === 'open');
  const maxPly = snap.ply ?? 0;
  const canReplay = snap.replayable && snap.privacy === null && maxPly > 0;
  // Local matches (and online ones whose whole history this screen told) have one log step per move.
  const stepsArePlies = snap.connection === 'local' || snap.log[snap.log.length - 1]?.step === maxPly;
  const current = inReplay && stepsArePlies ? lastEntryAt(snap, replay.ply) : null;

  // In a replay, the table marks what the current entry of the log refers to (the card just played, the
  // squares of the move), so the last move is marked in every game.
  const currentRefs = current !== null ? (snap.log[current]?.refs ?? null) : null;
  const wasReplay = useRef(false);
  useLayoutEffect(() => {
    if (inReplay) markRefs(board.current, currentRefs);
    else if (wasReplay.current) markRefs(board.current, null);
    wasReplay.current = inReplay;
  });

  let status: string;
  if (snap.outcome) {
    const o = snap.outcome;
    const summary = module.endSummary?.(snap.view, o, lang);
    status = `${t('gameOver')} — ${summary?.headline ?? (o.draw || o.winners.length === 0 ? t('draw') : `${o.winners.map(name).join(', ')} ${o.winners.length > 1 ? w('win') : w('wins')}`)}`;
  } else if (snap.status === 'open') status = t('waitingPlayers');
  else if (snap.status === 'abandoned') status = t('gameOver');
  else if (snap.active !== null) status = `${t('yourTurn')} — ${seatLabel(snap.active)}`;
  else if (snap.thinking !== null) status = `${seatLabel(snap.thinking)} ${t('thinking')}`;
  else status = snap.toMove.map(seatLabel).join(', ') + ` ${t('toPlay')}`;
  // In the screen-reader mode the status line is not a live region of its own: two regions raced (Orca said "Your
  // turn" before the moves that led to it). The announcer says the turn, after the log's lines that led to it.
  const myTurn = reader && snap.active !== null && !inReplay && !snap.outcome;
  const turnSaid = useRef(false);
  useEffect(() => {
    if (myTurn && !turnSaid.current) announcer.say(status);
    turnSaid.current = myTurn;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- said once when the turn comes, not when its words change
  }, [myTurn]);

  const startReplay = (ply: number): void => {
    setEndOpen(false);
    setReplayPly(Math.max(0, Math.min(maxPly, ply)));
  };

  return (
    <section
      ref={root}
      class={`play game-${game.id}${reader ? ' reader' : ''}`}
      data-testid="table"
      data-status={snap.status}
      data-active={snap.active ?? ''}
      data-ply={snap.updates}
      data-connection={snap.connection}
      data-behind={behind}
      style={{ '--pace': `${SPEED_MS[speed]}ms` }}
    >
      <div class="play-head">
        <h1>{meta?.name[lang] ?? game.id}</h1>
        <p
          class={`status${snap.active !== null ? ' your-turn' : ''}${snap.outcome ? ' over' : ''}`}
          data-testid="status"
          aria-live={reader ? 'off' : 'polite'}
        >
          {status}
        </p>
        <div class="actions">
          <label class="speed">
            {w('speed')}{' '}
            <select
              value={speed}
              data-testid="speed"
              onChange={(e) => {
                const s = (e.target as HTMLSelectElement).value as Speed;
                setSpeed(s);
                saveSpeed(s);
              }}
            >
              {SPEEDS.map((s) => (
                <option key={s} value={s}>
                  {w(s)}
                </option>
              ))}
            </select>
          </label>
          {behind > 0 && (
            <button type="button" onClick={skip} data-testid="skip">
              {w('skip')} ({behind})
            </button>
          )}
          <button type="button" onClick={() => setRulesOpen(true)} data-testid="rules">
            {t('rules')}
          </button>
          {snap.canUndo && (
            <button type="button" onClick={() => session.undo()} data-testid="undo">
              {t('undo')}
            </button>
          )}
          {snap.outcome && !endOpen && (
            <button type="button" onClick={() => setEndOpen(true)} data-testid="show-result">
              {w('result')}
            </button>
          )}
          <button type="button" onClick={onRestart}>
            {t('newMatch')}
          </button>
        </div>
      </div>
      {snap.connection === 'lost' && (
        <p class="banner" role="status" data-testid="reconnecting">
          {t('reconnecting')}
        </p>
      )}
      {table && (
        <ClockStrip
          state={table}
          lang={lang}
          seats={snap.seats}
          name={name}
          colour={(s) => module.seatColour(s, snap.players)}
        />
      )}
      {social && table && (
        <OfferBanner social={social} state={table} lang={lang} name={name} error={tableError} onError={setTableError} />
      )}
      {table && snap.matchId && <TableBerserk match={snap.matchId} state={table} snap={snap} lang={lang} />}
      {invite && (openSeats || snap.status === 'open') && (
        <div class="invite" data-testid="invite-box">
          <span>{t('waitingPlayers')}</span>
          <label>
            {t('invite')}{' '}
            <input
              readOnly
              value={invite}
              data-testid="invite"
              onFocus={(e) => (e.target as HTMLInputElement).select()}
            />
          </label>
          <button type="button" onClick={() => void navigator.clipboard?.writeText(invite).then(() => setCopied(true))}>
            {copied ? t('copied') : t('copy')}
          </button>
        </div>
      )}
      <div class="play-body">
        {/* The board area takes the focus back when nothing of the table can (never the page's body). */}
        <div class="board-area" ref={board} tabIndex={-1}>
          {snap.privacy !== null ? (
            <div class="privacy" data-testid="privacy">
              <p class="big">
                {t('passTo')} {seatLabel(snap.privacy)}
              </p>
              <p>{t('privacy')}</p>
              <button
                type="button"
                class="primary"
                autoFocus
                onClick={() => session.revealFor(snap.privacy as Seat)}
                data-testid="reveal"
              >
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
              lastMove={inReplay ? replay.last : snap.lastMove}
              lang={lang}
              seatLabel={seatLabel}
              players={snap.players}
            />
          ) : (
            <p>{t('loading')}</p>
          )}
          <p class="reason" role="alert" data-testid="reason">
            {reason ?? ''}
          </p>
        </div>
        <aside class="side">
          <ul class="seat-list">
            {snap.seats.map((s, i) => (
              <li key={i} class={snap.toMove.includes(i) ? 'to-move' : ''} data-seat={i}>
                <span class="dot" style={{ background: module.seatColour(i, snap.players) }} aria-hidden="true" />
                <span class="seat-who">
                  {seatLabel(i)}
                  {snap.matchId && s.kind !== 'bot' && s.kind !== 'open' && (
                    <span
                      class={`presence ${s.connected ? 'on' : 'off'}`}
                      role="img"
                      aria-label={t(s.connected ? 'connected' : 'away')}
                      title={t(s.connected ? 'connected' : 'away')}
                      data-testid={`presence-${i}`}
                      data-connected={s.connected}
                    />
                  )}
                  {s.kind === 'bot' && (
                    <small>
                      {' '}
                      · {t('bot')} {BOT_LABELS[s.level ?? '']?.[lang] ?? s.level ?? ''}
                    </small>
                  )}
                  {s.kind === 'open' && <small> · {t('openSeat')}</small>}
                  {snap.viewer === i && <small> · {t('you')}</small>}
                  {snap.thinking === i && <small class="thinking"> · {t('thinking')}</small>}
                </span>
                {table && <SeatClock state={table} seat={i} lang={lang} bot={s.kind === 'bot'} />}
              </li>
            ))}
          </ul>
          {table && <ClockNote state={table} lang={lang} />}
          {snap.matchId && (
            <TableNotes
              match={snap.matchId}
              viewer={snap.viewer}
              seatsKey={snap.seats.map((s) => s.kind).join()}
              name={seatLabel}
              lang={lang}
            />
          )}
          {table && <SpectatorList state={table} lang={lang} />}
          {social && table && (
            <TableActions
              social={social}
              state={table}
              snap={snap}
              gameId={game.id}
              lang={lang}
              notice={notice.state}
              onNotice={() => void notice.ask()}
              onError={setTableError}
            />
          )}
          {social && <ConditionalPanel snap={snap} gameId={game.id} lang={lang} />}
          {reader && (
            <CommandField
              game={game}
              snap={snap}
              view={view}
              lang={lang}
              status={status}
              name={seatLabel}
              clocks={table}
              announcer={announcer}
              play={play}
              canPlay={snap.active !== null && !inReplay}
            />
          )}
          {reader && <AnnouncerRegion lines={announcer.lines} lang={lang} />}
          {!reader && snap.active !== null && !inReplay && (
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
                <input
                  list="legal-moves"
                  value={typed}
                  onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
                  data-testid="move-input"
                  autoComplete="off"
                  spellcheck={false}
                />
              </label>
              <datalist id="legal-moves" data-testid="legal">
                {snap.legal.map((m) => (
                  <option key={m} value={m} />
                ))}
              </datalist>
              <button type="submit">{t('send')}</button>
            </form>
          )}
          {canReplay && (
            <ReplayBar
              ply={replayPly}
              maxPly={maxPly}
              onPly={(p) => (p === null || p >= maxPly ? setReplayPly(null) : startReplay(p))}
              {...(stepsArePlies ? { marks: turnMarks(snap) } : {})}
            />
          )}
          {/* The analysis board from the move shown, and the review once the match is over. */}
          <StudyLinks snap={snap} game={game} ply={inReplay ? replay.ply : maxPly} lang={lang} />
          <h2>{w('history')}</h2>
          <GameLog
            live={!reader}
            entries={snap.log}
            label={w('history')}
            onlyYou={w('onlyYou')}
            colour={(s) => module.seatColour(s, snap.players)}
            onRefs={(refs) => markRefs(board.current, refs)}
            current={current}
            {...(canReplay && stepsArePlies ? { onPick: (i: number) => startReplay(snap.log[i]?.step ?? 0) } : {})}
          />
          {social && table && (
            <ChatPanel
              social={social}
              state={table}
              lang={lang}
              over={snap.status !== 'active' && snap.status !== 'open'}
              seatLabel={seatLabel}
              colour={(s) => module.seatColour(s, snap.players)}
            />
          )}
        </aside>
      </div>
      {rulesOpen && (
        <Modal label={t('rules')} onClose={() => setRulesOpen(false)} testid="rules-dialog">
          <form method="dialog" class="close-row">
            <button type="submit" class="close">
              {t('close')}
            </button>
          </form>
          <RulesText module={module} />
        </Modal>
      )}
      {snap.outcome && endOpen && !inReplay && (
        <EndPanel
          module={module}
          outcome={snap.outcome}
          view={snap.view}
          lang={lang}
          players={snap.players}
          name={seatLabel}
          viewer={snap.viewer}
          onClose={() => setEndOpen(false)}
          onRematch={onRematch ?? onlineRematch}
          onReplay={canReplay ? () => startReplay(0) : null}
          reviewHref={reviewHref(snap, game.id)}
          ratings={table?.ratings ?? null}
          onNewGame={onRestart}
          held={<HeldMarks match={snap.matchId ?? null} name={seatLabel} lang={lang} />}
        />
      )}
    </section>
  );
}

/** The headings of the log (turns, tricks, tournaments) and the move each begins at, for "go to". */
function turnMarks(snap: Snapshot): { label: string; ply: number }[] {
  const marks: { label: string; ply: number }[] = [];
  let last = '';
  for (const e of snap.log) {
    if (e.group && e.group !== last) {
      // A heading told after a move: the table shows it from that move on.
      marks.push({ label: e.group, ply: Math.max(0, e.step - (e.kind === 'move' ? 1 : 0)) });
      last = e.group;
    }
  }
  return marks;
}

/** The last log entry told at or before `ply` (the one the replayed table shows). */
function lastEntryAt(snap: Snapshot, ply: number): number | null {
  let found: number | null = null;
  snap.log.forEach((e, i) => {
    if (e.step <= ply) found = i;
  });
  return found;
}
