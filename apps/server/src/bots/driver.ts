import type { Logger } from 'pino';
import { createRng, seedText, type Result, type Seat } from '@roundtable/core';
import { newBotMemory, randomBot, type BotMemory } from '@roundtable/ai';
import type { LiveMatch } from '../live-match.ts';
import type { Cluster } from '../match/cluster.ts';
import { BotPool } from './pool.ts';

/** How a bot's move is played: the match service's own move path, as for a person's. */
export type PlayAsBot = (live: LiveMatch, seat: Seat, text: string) => Result<void>;

/**
 * The bots of the matches this process owns: when a bot's seat is to move, its view (never the state) goes to
 * a worker thread, and the move that comes back is played like anyone's. A bot whose match changed meanwhile
 * (a move, a takeover, the lease lost) drops its answer; the owner of the match then lets it think again.
 */
export class BotDriver {
  private readonly pool: BotPool;
  /**
   * Each live match's bot memory (packages/ai `BotMemory`), dropped with the match. A match that moves to another
   * process starts its bots' memory afresh there (it holds only what they read from the table).
   */
  private readonly memory = new WeakMap<LiveMatch, BotMemory>();
  private jobId = 0;
  private closing = false;

  constructor(
    workers: number,
    private readonly budgetMs: number | null,
    private readonly cluster: Cluster,
    private readonly log: Logger,
    private readonly play: PlayAsBot,
    private readonly current: (live: LiveMatch) => boolean,
  ) {
    this.pool = new BotPool(workers, log);
  }

  /**
   * After a stored change: the bots whose seat is to move start thinking. (A write queued meanwhile may move the
   * match on: the answer is then judged again, see `think`.)
   */
  wake(live: LiveMatch): void {
    if (this.closing || live.status !== 'active') return;
    if (!this.current(live) || !this.cluster.holds(live)) return;
    for (const seat of live.game.toMove(live.state)) {
      const row = live.seats[seat];
      if (row?.kind === 'bot' && row.level && !live.thinking.has(seat)) this.think(live, seat, row.level);
    }
  }

  private think(live: LiveMatch, seat: Seat, level: string): void {
    live.thinking.add(seat);
    const { ply, generation } = live;
    const view = live.game.view(live.state, seat);
    // Keyed by the secret seed, not the public match id: nobody can foresee a bot's random choices.
    const rng = createRng(`${seedText(live.row.seed)}:bot:${ply}:${seat}`);
    // What the match's bots remember travels to the bot thread and back; it goes when the match does.
    const memory = this.memory.get(live) ?? newBotMemory();
    this.pool
      .choose({ id: ++this.jobId, game: live.game.id, level, seat, view, rng, budgetMs: this.budgetMs, memory })
      .then((answer) => {
        live.thinking.delete(seat);
        if (answer.memory) this.memory.set(live, answer.memory);
        if (this.closing || !this.current(live) || live.status !== 'active') return;
        // The match moved on while it thought (another seat's answer, a takeover): its turn is judged again.
        if (live.ply !== ply || live.generation !== generation || !this.cluster.holds(live)) return this.wake(live);
        // Its person took the seat back while it thought: the answer is dropped.
        if (live.seats[seat]?.kind !== 'bot') return;
        const played = answer.move !== null ? this.play(live, seat, answer.move) : null;
        if (played?.ok) return;
        // The bot failed or its thread was stuck: a random move keeps the match going.
        if (played) this.log.warn({ match: live.id, seat, move: answer.move, error: played.error }, 'bot move refused');
        if (!live.game.toMove(live.state).includes(seat)) return this.wake(live);
        const move = randomBot.choose({ game: live.game, view: live.game.view(live.state, seat), seat, rng });
        if (move !== null) this.play(live, seat, move);
      })
      .catch((e: unknown) => {
        live.thinking.delete(seat);
        this.log.error({ err: e, match: live.id, seat }, 'a bot could not play');
      });
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.pool.close();
  }
}
