import { canIndexPositions, keyHalves, keyOfHalves, positionTexter } from '@roundtable/ai';
import type { LiveMatch } from '../live-match.ts';
import type { PlayedMove } from '../match-service.ts';

/** Finished matches whose keys wait for the index job (2 s later as a rule); the oldest go first past this. */
const ENDED_KEPT = 1_000;

interface Kept {
  readonly text: (state: unknown) => string;
  /** The key after each ply from the first move, as two 32-bit halves each (keyHalves): no string per position. */
  halves: Uint32Array;
  plies: number;
  /** The match's generation when it started here: a read from storage since (a resync) makes these unknown. */
  readonly generation: number;
}

/**
 * The key of each position of a match, taken as the match is played in this process, so that indexing it at its
 * end (service.ts) need not replay every move through the engine again: the replay was as much engine work as the
 * match's own moves, and 10–15 % of the event loop under load (PERFORMANCE.md). Kept only for a match seen here
 * from its first move on, move after move; anything else (a match read from storage mid-game, a move played
 * elsewhere, a takeback not followed by a move before the end, an index job claimed by another worker of
 * `serve --processes`) leaves the index job to replay, as before. Not with PostgreSQL and Redis: there the index
 * job may run anywhere.
 */
export class LiveKeys {
  private readonly playing = new WeakMap<LiveMatch, Kept>();
  private readonly ended = new Map<string, Uint32Array>();

  /** A move was stored and kept here (MatchService.moveListeners). */
  moved(live: LiveMatch, move: PlayedMove): void {
    let kept = this.playing.get(live);
    if (kept === undefined) {
      if (move.ply !== 0 || !canIndexPositions(live.game, live.row.players)) return;
      // The options as the game completes them, as the index job's replay keys positions with (extract.ts).
      const options = live.game.parseOptions(live.row.options, live.row.players);
      if (!options.ok) return;
      kept = {
        text: positionTexter(live.game, options.value as Readonly<Record<string, unknown>>),
        halves: new Uint32Array(64),
        plies: 0,
        generation: live.generation,
      };
      this.playing.set(live, kept);
    }
    if (kept.generation !== live.generation || kept.plies < move.ply) {
      this.playing.delete(live);
      return;
    }
    // A takeback since the last move: the plies taken back go (the positions before them stay the same).
    kept.plies = move.ply + 1;
    if (kept.halves.length < 2 * kept.plies) {
      const grown = new Uint32Array(kept.halves.length * 2);
      grown.set(kept.halves);
      kept.halves = grown;
    }
    keyHalves(kept.text(live.state), kept.halves, 2 * move.ply);
  }

  /** The match ended here (MatchService.onEnded): its keys wait for the index job. */
  onEnded(live: LiveMatch): void {
    const kept = this.playing.get(live);
    this.playing.delete(live);
    if (kept === undefined || kept.generation !== live.generation || kept.plies !== live.ply) return;
    this.ended.set(live.id, kept.halves.subarray(0, 2 * kept.plies));
    if (this.ended.size > ENDED_KEPT) this.ended.delete(this.ended.keys().next().value as string);
  }

  /** The key after each ply of a match that ended here (the index job reads them), or null. */
  peek(matchId: string): string[] | null {
    const halves = this.ended.get(matchId);
    if (halves === undefined) return null;
    const keys: string[] = [];
    for (let i = 0; i < halves.length; i += 2) keys.push(keyOfHalves(halves[i]!, halves[i + 1]!));
    return keys;
  }

  /** The match is indexed (or left out): its keys go. */
  forget(matchId: string): void {
    this.ended.delete(matchId);
  }
}
