import type { Logger } from 'pino';
import { err, ok, type Result, type Seat } from '@roundtable/core';
import { descriptorOf } from '@roundtable/catalog';
import type { ConditionalAnswer, ConditionalLine } from '@roundtable/protocol';
import type { LiveMatch } from '../live-match.ts';
import type { PlayAs, PlayedMove } from '../match-service.ts';
import type { ConditionalStore } from './store.ts';
import { branchFor, checkTree } from './tree.ts';

/**
 * Conditional moves: a seat's tree of "if they play X, I answer Y" is checked against the match when it is set,
 * stored (never sent to anyone but that seat), and read by the match's owner after each stored move: the answer
 * to a foreseen move is played at once as an ordinary move, the tree under it kept; any other move drops it.
 */
export class ConditionalMoves {
  /** Per match, the trees' reads and writes one after another (a set and a move's answer never cross here). */
  private readonly chains = new Map<string, Promise<unknown>>();
  /**
   * Per match in memory on its owner, whether it has trees stored: a move of a match without trees reads nothing (it
   * was a query after every move). The owner alone sets trees (a set through another process is forwarded to it:
   * `route`), so what it knows is whole while it owns the match; a match read again (a takeover, a hand-over:
   * `generation`) is read from the store at its next move.
   */
  private readonly known = new WeakMap<LiveMatch, { readonly generation: number; readonly has: boolean }>();

  constructor(
    private readonly store: ConditionalStore,
    private readonly log: Logger,
    /** With several processes: whether this one follows a match owned elsewhere, and the way to set a tree there. */
    private readonly route: {
      follows(live: LiveMatch): boolean;
      forward(live: LiveMatch, seat: Seat, tree: readonly ConditionalLine[]): Promise<Result<unknown>>;
    } | null = null,
  ) {}

  private has(live: LiveMatch): boolean | undefined {
    const k = this.known.get(live);
    return k && k.generation === live.generation ? k.has : undefined;
  }

  /** Two players and nothing hidden, from the catalog: the answer to a move never depends on what one cannot see. */
  static offered(live: LiveMatch): boolean {
    const d = descriptorOf(live.game.id);
    return live.row.players === 2 && d !== undefined && d.perfectInformation && !d.capabilities.secrets;
  }

  /** `seat`'s tree, as it stands for the position now (a tree left for another position is none). */
  async read(live: LiveMatch, seat: Seat): Promise<ConditionalAnswer> {
    const row = (await this.store.forMatch(live.id)).find((r) => r.seat === seat);
    const current = row && row.ply === live.ply && live.status === 'active' ? row.tree : [];
    return { offered: ConditionalMoves.offered(live), seat, ply: live.ply, tree: current };
  }

  /** Replaces `seat`'s tree (empty: none) once every line of it is legal from the position now. */
  async set(live: LiveMatch, seat: Seat, tree: readonly ConditionalLine[]): Promise<Result<ConditionalAnswer>> {
    if (this.route?.follows(live)) return (await this.route.forward(live, seat, tree)) as Result<ConditionalAnswer>;
    return this.setHere(live, seat, tree);
  }

  /** On the match's owner: checks and stores the tree. */
  setHere(live: LiveMatch, seat: Seat, tree: readonly ConditionalLine[]): Promise<Result<ConditionalAnswer>> {
    // From now on every move of the match reads the store, until a move finds it without trees.
    this.known.delete(live);
    return this.inTurn(live.id, async (): Promise<Result<ConditionalAnswer>> => {
      if (!ConditionalMoves.offered(live)) return err({ code: 'CONDITIONAL_NOT_OFFERED' });
      if (live.status !== 'active')
        return err({ code: live.status === 'open' ? 'NOT_STARTED' : 'MATCH_CLOSED', status: live.status });
      if (live.seats[seat]?.kind !== 'human') return err({ code: 'SEAT_TAKEN', seat });
      if (tree.length > 0 && live.toMove().includes(seat)) return err({ code: 'CONDITIONAL_YOUR_TURN' });
      const checked = checkTree(live.game, live.state, seat, tree);
      if (!checked.ok) return checked;
      if (checked.value.length === 0) await this.store.remove(live.id, seat);
      else
        await this.store.put(
          { matchId: live.id, seat, ply: live.ply, answered: null, tree: checked.value },
          Date.now(),
        );
      return ok({ offered: true, seat, ply: live.ply, tree: checked.value });
    });
  }

  /**
   * The hook after a move is stored on the match's owner (MatchService.moveListeners): a tree waiting for this
   * move plays its answer; a tree the move goes past or against is dropped.
   */
  readonly moved = (live: LiveMatch, move: PlayedMove, play: PlayAs): void => {
    if (!ConditionalMoves.offered(live)) return;
    if (this.has(live) === false) {
      if (live.status !== 'active') this.known.delete(live);
      return;
    }
    void this.inTurn(live.id, () => this.follow(live, move, play)).catch((e: unknown) =>
      this.log.warn({ err: (e as Error)?.message, match: live.id }, 'conditional moves not followed'),
    );
  };

  private async follow(live: LiveMatch, move: PlayedMove, play: PlayAs): Promise<void> {
    let kept = 0;
    for (const row of await this.store.forMatch(live.id)) {
      if (row.seat === move.seat) {
        // The seat's own move: only the answer the tree itself played keeps the tree under it.
        if (!(move.ply === row.ply - 1 && move.move === row.answered)) await this.store.remove(live.id, row.seat);
        else kept++;
        continue;
      }
      const branch = move.ply === row.ply && live.status === 'active' ? branchFor(row.tree, move.move) : null;
      if (!branch) {
        await this.store.remove(live.id, row.seat);
        continue;
      }
      const next = branch.next ?? [];
      // Stored before the answer is played, so a takeover right after finds the tree the answer leads to.
      if (next.length > 0)
        await this.store.put(
          { matchId: live.id, seat: row.seat, ply: move.ply + 2, answered: branch.then, tree: next },
          Date.now(),
        );
      else await this.store.remove(live.id, row.seat);
      const played = play(row.seat, branch.then);
      if (!played.ok) {
        this.log.info({ match: live.id, seat: row.seat, code: played.error.code }, 'a conditional answer was refused');
        if (next.length > 0) await this.store.remove(live.id, row.seat);
      } else if (next.length > 0) kept++;
    }
    if (live.status === 'active') this.known.set(live, { generation: live.generation, has: kept > 0 });
    else this.known.delete(live);
  }

  private inTurn<T>(matchId: string, task: () => Promise<T>): Promise<T> {
    const run = (this.chains.get(matchId) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => undefined);
    this.chains.set(matchId, tail);
    void tail.then(() => {
      if (this.chains.get(matchId) === tail) this.chains.delete(matchId);
    });
    return run;
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
