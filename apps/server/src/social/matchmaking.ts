import { err, ok, type Result } from '@roundtable/core';
import { botFor } from '@roundtable/ai';
import { gameById, GAME_IDS } from '@roundtable/catalog';
import { BOT_LEVELS } from '@roundtable/ai';
import type { PlayNowAnswer, PlayNowRequest, SeatRequest } from '@roundtable/protocol';
import type { Me } from '../accounts/service.ts';
import type { AccountStore } from '../accounts/store.ts';
import { isFischer } from '../clocks/fischer.ts';
import type { MatchService } from '../match-service.ts';

/** How long a "play now" waits for people when the asker did not choose bots after a while. */
const DEFAULT_WAIT_SECONDS = 60;
const DEFAULT_BOT = 'medium';

interface Waiter {
  readonly key: string;
  readonly me: Me | null;
  readonly name: string | null;
  readonly request: PlayNowRequest;
  readonly creator: string | null;
  readonly timer: NodeJS.Timeout;
  answer(r: Result<PlayNowAnswer>): void;
}

/**
 * "Play now": people asking for the same game, number of players, clock and rating wait in one queue (in this
 * process's memory); as soon as there are enough, they are seated together in a new match, in the order they
 * came. Who chose bots after a wait gets a match against bots then. A request whose client goes away leaves.
 */
export class Matchmaker {
  private readonly queues = new Map<string, Waiter[]>();

  constructor(private readonly service: MatchService, private readonly accounts: AccountStore) {}

  /** Resolves when paired (or given bots, or given up); the route calls `cancel` if its client goes away. */
  request(req: PlayNowRequest, me: Me | null, creator: string | null): { answer: Promise<Result<PlayNowAnswer>>; cancel(): void } {
    const checked = this.check(req, me);
    if (!checked.ok) return { answer: Promise.resolve(checked), cancel: () => undefined };
    const key = JSON.stringify([req.game, req.players, req.clock ?? null, req.rated ?? false]);
    let waiter!: Waiter;
    const answer = new Promise<Result<PlayNowAnswer>>((resolve) => {
      const wait = (req.botAfterSeconds ?? req.waitSeconds ?? DEFAULT_WAIT_SECONDS) * 1000;
      const timer = setTimeout(() => void this.expire(waiter), wait);
      timer.unref();
      waiter = { key, me, name: me?.name ?? req.name ?? null, request: req, creator, timer, answer: resolve };
    });
    // One person, one place in a queue: a signed-in player asking again replaces their earlier request.
    const queue = (this.queues.get(key) ?? []).filter((w) => {
      if (!me || w.me?.id !== me.id) return true;
      clearTimeout(w.timer);
      w.answer(err({ code: 'PLAY_NOW_REPLACED' }));
      return false;
    });
    queue.push(waiter);
    this.queues.set(key, queue);
    void this.pair(key);
    return {
      answer,
      cancel: () => {
        this.leave(waiter);
        waiter.answer(err({ code: 'PLAY_NOW_CANCELLED' }));
      },
    };
  }

  /** The server stops: everyone waiting is told so. */
  close(): void {
    for (const queue of [...this.queues.values()]) {
      for (const w of queue) {
        this.leave(w);
        w.answer(err({ code: 'SHUTTING_DOWN' }));
      }
    }
  }

  /** People waiting now, per game (for the lobby). */
  waiting(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const q of this.queues.values()) for (const w of q) out[w.request.game] = (out[w.request.game] ?? 0) + 1;
    return out;
  }

  private check(req: PlayNowRequest, me: Me | null): Result<void> {
    const game = gameById(req.game);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: req.game, known: GAME_IDS });
    if (req.players < game.minPlayers || req.players > game.maxPlayers) return err({ code: 'BAD_REQUEST', reason: `players: ${game.id} is for ${game.minPlayers} to ${game.maxPlayers}` });
    if (req.rated && !me) return err({ code: 'RATED_NEEDS_ACCOUNT' });
    if (req.rated && req.botAfterSeconds !== undefined) return err({ code: 'RATED_SEATS' });
    if (isFischer(req.clock) && !game.perfectInformation) return err({ code: 'FISCHER_WITH_SECRETS', game: game.id });
    const level = req.botLevel ?? DEFAULT_BOT;
    if (!botFor(level)) return err({ code: 'UNKNOWN_BOT', level, known: BOT_LEVELS.join(', ') });
    return ok(undefined);
  }

  private leave(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    const queue = this.queues.get(waiter.key);
    if (!queue) return;
    const rest = queue.filter((w) => w !== waiter);
    if (rest.length > 0) this.queues.set(waiter.key, rest);
    else this.queues.delete(waiter.key);
  }

  private async pair(key: string): Promise<void> {
    const queue = this.queues.get(key);
    const first = queue?.[0];
    if (!queue || !first || queue.length < first.request.players) return;
    const group = queue.slice(0, first.request.players);
    for (const w of group) this.leave(w);
    const req = first.request;
    const created = await this.service.create(
      {
        game: req.game,
        seats: group.map((w): SeatRequest => ({ kind: 'human', ...(w.name ? { name: w.name } : {}) })),
        ...(req.clock ? { clock: req.clock } : {}),
        ...(req.rated ? { rated: true } : {}),
      },
      null,
    );
    if (!created.ok) {
      for (const w of group) w.answer(created);
      return;
    }
    const { match, tokens } = created.value;
    for (const [seat, w] of group.entries()) {
      if (w.me) await this.accounts.addSeat(w.me.id, match.id, seat, Date.now());
      w.answer(ok({ match, seat, token: tokens[seat]!.token, against: 'people' }));
    }
  }

  /** The wait is over: bots if the asker chose them, else nobody came. */
  private async expire(waiter: Waiter): Promise<void> {
    const queue = this.queues.get(waiter.key);
    if (!queue?.includes(waiter)) return;
    this.leave(waiter);
    const req = waiter.request;
    if (req.botAfterSeconds === undefined) return waiter.answer(err({ code: 'NO_OPPONENT', seconds: req.waitSeconds ?? DEFAULT_WAIT_SECONDS }));
    const level = req.botLevel ?? DEFAULT_BOT;
    const seats: SeatRequest[] = Array.from({ length: req.players }, (_, i) =>
      i === 0 ? { kind: 'human', ...(waiter.name ? { name: waiter.name } : {}) } : { kind: 'bot', level },
    );
    const created = await this.service.create({ game: req.game, seats, ...(req.clock ? { clock: req.clock } : {}) }, waiter.creator);
    if (!created.ok) return waiter.answer(created);
    const { match, tokens } = created.value;
    if (waiter.me) await this.accounts.addSeat(waiter.me.id, match.id, 0, Date.now());
    waiter.answer(ok({ match, seat: 0, token: tokens[0]!.token, against: 'bots' }));
  }
}
