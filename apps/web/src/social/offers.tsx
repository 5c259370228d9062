import { useEffect, useState } from 'preact/hooks';
import { lineById } from '@roundtable/catalog/lines';
import type { Lang, Seat } from '@roundtable/core';
import type { OfferKind, Social, SocialState, Snapshot } from '../session/types.ts';
import { Modal } from '../shell/dialog.tsx';
import type { NoticeState } from './notify.ts';
import { offerText, resultText, tw, waitingText } from './table-words.ts';

/** What this screen's seat may do at the table now. */
export function tableMoves(
  state: SocialState,
  snap: Snapshot,
  gameId: string,
): { resign: boolean; draw: boolean; takeback: boolean; rematch: boolean } {
  const player = state.seat !== null && snap.seats[state.seat]?.kind === 'human';
  const playing = player && snap.status === 'active';
  const over = snap.status === 'finished' || snap.status === 'abandoned';
  return {
    resign: playing,
    draw: playing && lineById(gameId)?.descriptor.capabilities.drawOffers === true,
    // Only a seat that has played a move has one to take back.
    takeback:
      playing && state.open && (snap.ply ?? 0) > 0 && snap.log.some((e) => e.kind === 'move' && e.seat === state.seat),
    rematch: player && over,
  };
}

/**
 * The table's buttons: Resign (after a confirmation), Offer a draw (games whose descriptor allows it), Ask to
 * take back (games without secrets), Rematch (at the end), and the turn notice switch. A refusal is shown in words.
 */
export function TableActions({
  social,
  state,
  snap,
  gameId,
  lang,
  notice,
  onNotice,
  onError,
}: {
  social: Social;
  state: SocialState;
  snap: Snapshot;
  gameId: string;
  lang: Lang;
  notice: NoticeState;
  onNotice: () => void;
  onError: (message: string | null) => void;
}) {
  const [confirm, setConfirm] = useState(false);
  const can = tableMoves(state, snap, gameId);
  const mine = (kind: OfferKind): boolean => state.pending.some((p) => p.kind === kind && p.by === state.seat);
  const theirs = (kind: OfferKind): boolean => state.pending.some((p) => p.kind === kind && p.by !== state.seat);
  const run = (p: Promise<string | null>): void => {
    onError(null);
    void p.then((r) => onError(r));
  };
  const offer = (kind: OfferKind): void => run(theirs(kind) ? social.answer(kind, true) : social.offer(kind));
  const w = (k: Parameters<typeof tw>[1]): string => tw(lang, k);
  const showNotice =
    state.seat !== null &&
    snap.status !== 'finished' &&
    snap.status !== 'abandoned' &&
    (notice === 'ask' || notice === 'denied');
  if (!can.resign && !can.draw && !can.takeback && !can.rematch && !showNotice) return null;
  return (
    <div class="table-actions" data-testid="table-actions">
      {can.draw && (
        <button type="button" onClick={() => offer('draw')} disabled={mine('draw')} data-testid="offer-draw">
          {w('offerDraw')}
        </button>
      )}
      {can.takeback && (
        <button
          type="button"
          onClick={() => offer('takeback')}
          disabled={mine('takeback')}
          data-testid="offer-takeback"
        >
          {w('askTakeback')}
        </button>
      )}
      {can.resign && (
        <button type="button" class="danger" onClick={() => setConfirm(true)} data-testid="resign">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path
              d="M3 15V2h9l-2 3 2 3H3"
              fill="none"
              stroke="currentColor"
              stroke-width="1.6"
              stroke-linejoin="round"
            />
          </svg>{' '}
          {w('resign')}
        </button>
      )}
      {can.rematch && (
        <button
          type="button"
          class="primary"
          onClick={() => offer('rematch')}
          disabled={mine('rematch')}
          data-testid="offer-rematch"
        >
          {w('rematch')}
        </button>
      )}
      {showNotice &&
        (notice === 'denied' ? (
          <small class="hint-muted" data-testid="notify-denied">
            {w('notifyDenied')}
          </small>
        ) : (
          <button type="button" class="notify" onClick={onNotice} data-testid="notify">
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path
                d="M4 11V7a4 4 0 0 1 8 0v4l1.5 1.5h-11zM6.5 14a1.5 1.5 0 0 0 3 0"
                fill="none"
                stroke="currentColor"
                stroke-width="1.5"
                stroke-linejoin="round"
              />
            </svg>{' '}
            {w('notifyAsk')}
          </button>
        ))}
      {confirm && (
        <Modal
          label={w('resignQuestion')}
          onClose={() => setConfirm(false)}
          testid="resign-dialog"
          class="confirm-dialog"
        >
          <h2>{w('resignQuestion')}</h2>
          <p>{snap.players === 2 ? w('resignTwo') : w('resignMany')}</p>
          <form method="dialog" class="confirm-row">
            <button type="submit" autoFocus data-testid="resign-cancel">
              {w('cancel')}
            </button>
            <button type="submit" class="danger" onClick={() => run(social.resign())} data-testid="resign-confirm">
              {w('resignYes')}
            </button>
          </form>
        </Modal>
      )}
    </div>
  );
}

/** How long the answer to an offer stays on screen (it can be dismissed sooner). */
const RESULT_MS = 15_000;

/**
 * Offers as banners: the others' with Accept / Decline, this screen's own while it waits, the last answer
 * ("Draw agreed", "Take-back declined") for a while, and a refusal in words. They stay in sight when the page
 * is scrolled (a phone shows the board and the seats one below the other).
 */
export function OfferBanner({
  social,
  state,
  lang,
  name,
  error,
  onError,
}: {
  social: Social;
  state: SocialState;
  lang: Lang;
  name: (seat: Seat) => string;
  error: string | null;
  onError: (message: string | null) => void;
}) {
  const [dismissed, setDismissed] = useState(0);
  const w = (k: Parameters<typeof tw>[1]): string => tw(lang, k);
  const result = state.result && state.result.id > dismissed ? state.result : null;
  // A new result replaces the error of an earlier try, and goes away by itself after a while.
  useEffect(() => {
    const r = state.result;
    if (!r) return;
    onError(null);
    const timer = setTimeout(() => setDismissed((d) => Math.max(d, r.id)), RESULT_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per new result (its id), not when the callback changes
  }, [state.result?.id]);
  const theirs = state.seat === null ? [] : state.pending.filter((p) => p.by !== state.seat);
  const mine = state.pending.filter((p) => p.by === state.seat);
  if (theirs.length === 0 && mine.length === 0 && !result && !error) return null;
  const reply = (kind: OfferKind, accept: boolean): void => {
    onError(null);
    void social.answer(kind, accept).then((r) => onError(r));
  };
  return (
    <div class="offers" data-testid="offers">
      {theirs.map((p) => (
        <div key={p.kind} class="offer-banner" role="alert" data-testid={`offer-banner-${p.kind}`}>
          <span>{offerText(p.kind, name(p.by), lang)}</span>
          <span class="offer-buttons">
            <button type="button" class="primary" onClick={() => reply(p.kind, true)} data-testid={`accept-${p.kind}`}>
              {w('accept')}
            </button>
            <button type="button" onClick={() => reply(p.kind, false)} data-testid={`decline-${p.kind}`}>
              {w('decline')}
            </button>
          </span>
        </div>
      ))}
      {mine.map((p) => (
        <div key={p.kind} class="offer-banner waiting" role="status" data-testid={`waiting-${p.kind}`}>
          {waitingText(p.kind, lang)}
        </div>
      ))}
      {result && (
        <div
          class={`offer-banner result ${result.accepted ? 'yes' : 'no'}`}
          role="status"
          data-testid="offer-result"
          data-kind={result.kind}
          data-accepted={result.accepted}
        >
          <span>{resultText(result.kind, result.accepted, lang)}</span>
          <button type="button" class="chat-close" onClick={() => setDismissed(result.id)} aria-label={w('dismiss')}>
            ×
          </button>
        </div>
      )}
      {error && (
        <p class="offer-banner refused" role="alert" data-testid="table-error">
          {error}
        </p>
      )}
    </div>
  );
}
