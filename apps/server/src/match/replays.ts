import { err, ok, seedCommitment, type Result, type Seat } from '@roundtable/core';
import { gameById, GAME_IDS } from '@roundtable/catalog';
import type { ImportRequest, MatchStatus, ReplayInfo } from '@roundtable/protocol';
import { replayFrom } from '../rules.ts';
import type { Store } from '../storage/store.ts';
import { hashToken } from '../tokens.ts';
import { startOf } from './rebuild.ts';

/** The most views one replay request returns (`replayViews`). */
export const REPLAY_RANGE = 200;

const isOver = (s: MatchStatus): boolean => s === 'finished' || s === 'abandoned' || s === 'archived';

/** Records and replays of stored matches: read from storage, never from memory. */
export class Replays {
  constructor(private readonly store: Store) {}

  /** The record of a finished match, or of any match of a game without secrets. */
  async record(id: string): Promise<Result<ImportRequest & { id: string; status: MatchStatus; commitment: string }>> {
    const stored = await this.store.loadMatch(id);
    if (!stored) return err({ code: 'NO_SUCH_MATCH', match: id });
    const game = gameById(stored.match.game);
    if (!isOver(stored.match.status) && !game?.perfectInformation) return err({ code: 'NOT_FINISHED' });
    const m = stored.match;
    return ok({
      id: m.id,
      status: m.status,
      game: m.game,
      players: m.players,
      options: { ...m.options },
      seed: m.seed,
      commitment: seedCommitment(m.seed),
      ...(m.position !== null ? { position: m.position } : {}),
      moves: stored.moves.map((x) => ({ ...x })),
    });
  }

  async replayInfo(id: string): Promise<Result<ReplayInfo>> {
    const stored = await this.store.loadMatch(id);
    if (!stored) return err({ code: 'NO_SUCH_MATCH', match: id });
    if (!isOver(stored.match.status)) return err({ code: 'NOT_FINISHED' });
    const seed = stored.match.seed;
    return ok({
      match: id,
      game: stored.match.game,
      plies: stored.moves.length,
      outcome: stored.match.outcome,
      seed,
      commitment: seedCommitment(seed),
    });
  }

  /** The position after `ply` moves of a finished match: the public view, or a player's own (token). */
  async replayAt(
    id: string,
    ply: number,
    token: string | undefined,
  ): Promise<Result<{ ply: number; seat: Seat | null; view: unknown; last: { seat: Seat; move: string } | null }>> {
    const range = await this.replayViews(id, ply, ply, token);
    if (!range.ok) return range;
    const at = range.value.views[0]!;
    return ok({ ply, seat: range.value.seat, view: at.view, last: at.last });
  }

  /**
   * The views of a finished match after plies `from` to `to` (`to` cut at the last ply, and at REPLAY_RANGE views),
   * for the seat whose token is given (its own hand) or a spectator, from one replay of its moves: a screen
   * tells a long card game's log again in a few requests, not one (and one replay from the start) per ply.
   */
  async replayViews(
    id: string,
    from: number,
    to: number,
    token: string | undefined,
  ): Promise<
    Result<{
      plies: number;
      seat: Seat | null;
      from: number;
      to: number;
      views: { ply: number; view: unknown; last: { seat: Seat; move: string } | null }[];
    }>
  > {
    const stored = await this.store.loadMatch(id);
    if (!stored) return err({ code: 'NO_SUCH_MATCH', match: id });
    if (!isOver(stored.match.status)) return err({ code: 'NOT_FINISHED' });
    const plies = stored.moves.length;
    if (!Number.isInteger(from) || from < 0 || from > plies) return err({ code: 'BAD_PLY', ply: from, max: plies });
    if (!Number.isInteger(to) || to < from) return err({ code: 'BAD_PLY', ply: to, max: plies });
    // Past the end, or more than a request returns: cut.
    to = Math.min(to, plies, from + REPLAY_RANGE - 1);
    let seat: Seat | null = null;
    if (token !== undefined) {
      const hash = hashToken(token);
      const row = stored.seats.find((s) => s.tokenHash === hash);
      if (!row) return err({ code: 'BAD_TOKEN' });
      seat = row.seat;
    }
    const game = gameById(stored.match.game);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: stored.match.game, known: GAME_IDS });
    const start = startOf(game, stored.match);
    if (!start.ok) return start;
    const reached = replayFrom(game, start.value, stored.moves, 0, from);
    if (!reached.ok) return reached;
    let state = reached.value;
    const views: { ply: number; view: unknown; last: { seat: Seat; move: string } | null }[] = [];
    for (let ply = from; ; ply++) {
      const last = ply > 0 ? stored.moves[ply - 1]! : null;
      // In a game with secrets the notation may say who answered a window: only its author sees it.
      const shown =
        last && (game.perfectInformation || last.seat === seat) ? { seat: last.seat, move: last.move } : null;
      // (Games are pure: the next moves make new states, so a view taken here stays as it is.)
      views.push({ ply, view: game.view(state, seat ?? 'spectator'), last: shown });
      if (ply === to) break;
      const next = replayFrom(game, state, stored.moves, ply, ply + 1);
      if (!next.ok) return next;
      state = next.value;
    }
    return ok({ plies, seat, from, to, views });
  }
}
