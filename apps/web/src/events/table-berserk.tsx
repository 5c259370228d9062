import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@roundtable/core';
import type { MatchEventAnswer } from '@roundtable/protocol';
import { failure } from '../pages/account.tsx';
import type { Snapshot, SocialState } from '../session/types.ts';
import { berserkEvent, eventOfMatch } from './api.ts';
import { ew } from './words.ts';
import './table-berserk.css';

/**
 * At an arena's table, before the player's first move: the Berserk button (half their clock for an extra point if
 * they win) and, once pressed, that they berserked (the seat's clock then says so to everyone, social/clocks.tsx).
 * Only a seat of a Fischer clock asks the server which event the match is of: berserk needs a bank to halve.
 */
export function TableBerserk({
  match,
  state,
  snap,
  lang,
}: {
  match: string;
  state: SocialState;
  snap: Snapshot;
  lang: Lang;
}) {
  const seat = state.seat;
  const fischer = state.clock.kind === 'fischer';
  const [info, setInfo] = useState<MatchEventAnswer | null>(null);
  const [moved, setMoved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [pressed, setPressed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setMoved(false), [match]);
  useEffect(() => {
    setInfo(null);
    if (!fischer || seat === null) return;
    let live = true;
    // Any other match answers 404: nothing to show.
    eventOfMatch(match, lang).then(
      (a) => live && setInfo(a),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [match, fischer, seat, lang]);
  // Berserk is only before the seat's first move: hidden as soon as this screen sees one.
  const last = snap.lastMove;
  useEffect(() => {
    if (last && last.seat === seat) setMoved(true);
  }, [last, seat]);

  if (!info || seat === null || info.seat !== seat || snap.status !== 'active') return null;
  const berserked = state.clock.kind === 'fischer' && (state.clock.berserk ?? []).includes(seat);
  // Said above the board once pressed, until the player's first move; the seat's clock keeps saying it (⚔).
  if (berserked)
    return moved || !pressed ? null : (
      <p class="table-berserk done" data-testid="table-berserked">
        <span aria-hidden="true">⚔ </span>
        {ew(lang, 'berserked')}
      </p>
    );
  if (!info.canBerserk || moved) return null;
  const press = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await berserkEvent(info.event.id, match, lang);
      setPressed(true);
    } catch (e) {
      setError(failure(lang, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="table-berserk" data-testid="table-berserk">
      <button type="button" disabled={busy} onClick={() => void press()} data-testid="table-berserk-button">
        <span aria-hidden="true">⚔ </span>
        {ew(lang, 'tableBerserk')}
      </button>
      <small>{ew(lang, 'tableBerserkHelp')}</small>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
