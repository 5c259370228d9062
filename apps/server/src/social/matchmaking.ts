import { randomBytes } from 'node:crypto';
import { err, ok, type Result } from '@roundtable/core';
import { botFor } from '@roundtable/ai';
import { gameById, GAME_IDS } from '@roundtable/catalog';
import { BOT_LEVELS } from '@roundtable/ai';
import type { PlayNowAnswer, PlayNowRequest, SeatRequest } from '@roundtable/protocol';
import type { Me } from '../accounts/service.ts';
import type { AccountStore } from '../accounts/store.ts';
import { isFischer } from '../clocks/fischer.ts';
import type { MatchService } from '../match-service.ts';
import type { Guard } from '../limits/guard.ts';
import { joinParties, type Parties } from '../limits/parties.ts';
import type { PlayNowQueues } from '../cluster/bus.ts';

/** How long a "play now" waits for people when the asker did not choose bots after a while. */
const DEFAULT_WAIT_SECONDS = 60;
const DEFAULT_BOT = 'medium';

/** The queues shared by every process (cluster/cluster.ts: in Redis, or held by the primary process), when there are several. */
export interface SharedQueues {
  readonly node: string;
  paired: ((wid: string, answer: Result<unknown>) => void) | null;
  readonly queues: PlayNowQueues;
  answerPlayNow(node: string, wid: string, answer: Result<unknown>): void;
}

/**
 * A request in a shared queue: where it waits (process and id), the seat's name, account and address (hashed as
 * in address.ts), and until when.
 */
interface Entry {
  readonly node: string;
  readonly wid: string;
  readonly name: string | null;
  readonly account: string | null;
  readonly address: string | null;
  readonly until: number;
}

const partiesOfEntry = (e: Entry): Parties => ({
  addresses: e.address ? [e.address] : [],
  accounts: e.account ? [e.account] : [],
});

function entryOf(text: string): Entry | null {
  try {
    const e = JSON.parse(text) as Entry;
    return typeof e.node === 'string' && typeof e.wid === 'string' && typeof e.until === 'number' ? e : null;
  } catch {
    return null;
  }
}

interface Waiter {
  readonly wid: string;
  /** Its entry in the shared queue, once pushed there. */
  entry: string | null;
  readonly key: string;
  readonly me: Me | null;
  readonly name: string | null;
  readonly request: PlayNowRequest;
  /** The client's address, hashed (address.ts). */
  readonly address: string;
  readonly timer: NodeJS.Timeout;
  answer(r: Result<PlayNowAnswer>): void;
}

const partiesOf = (w: Waiter): Parties => ({ addresses: [w.address], accounts: w.me ? [w.me.id] : [] });

/**
 * "Play now": people asking for the same game, number of players, clock and rating wait in one queue; as soon
 * as there are enough, they are seated together in a new match, in the order they came. Who chose bots after a
 * wait gets a match against bots then. A request whose client goes away leaves. With one process the queues are
 * in its memory; with several (`shared`), in Redis: whichever process completes a group seats it and tells each
 * request's process its answer. (If Redis is away, a request waits in its own process's queue.) Nobody is paired
 * with themselves: one account, and one address (unless `--pair-same-address`), waits once per queue; and the
 * match counts against the caps of every address and account it seats.
 */
export class Matchmaker {
  private readonly queues = new Map<string, Waiter[]>();
  /** Requests of this process in the shared queues, by id. */
  private readonly mine = new Map<string, Waiter>();

  constructor(
    private readonly service: MatchService,
    private readonly accounts: AccountStore,
    private readonly guard: Guard,
    private readonly shared: SharedQueues | null = null,
  ) {
    if (shared) {
      shared.paired = (wid, answer) => {
        const w = this.mine.get(wid);
        if (!w) return;
        this.mine.delete(wid);
        clearTimeout(w.timer);
        w.answer(answer as Result<PlayNowAnswer>);
      };
    }
  }

  /** What can be refused before a request waits: what it asks, and the asker's caps of matches in play. */
  async precheck(req: PlayNowRequest, me: Me | null, address: string): Promise<Result<void>> {
    const checked = this.check(req, me);
    if (!checked.ok) return checked;
    return this.guard.check({ addresses: [address], accounts: me ? [me.id] : [] });
  }

  /**
   * Resolves when paired (or given bots, or given up); the route calls `cancel` if its client goes away.
   * `address`: the client's, hashed (address.ts).
   */
  request(
    req: PlayNowRequest,
    me: Me | null,
    address: string,
  ): { answer: Promise<Result<PlayNowAnswer>>; cancel(): void } {
    const checked = this.check(req, me);
    if (!checked.ok) return { answer: Promise.resolve(checked), cancel: () => undefined };
    const key = JSON.stringify([req.game, req.players, req.clock ?? null, req.rated ?? false]);
    let waiter!: Waiter;
    const answer = new Promise<Result<PlayNowAnswer>>((resolve) => {
      const wait = (req.botAfterSeconds ?? req.waitSeconds ?? DEFAULT_WAIT_SECONDS) * 1000;
      const timer = setTimeout(() => void this.expire(waiter), wait);
      timer.unref();
      waiter = {
        wid: randomBytes(9).toString('base64url'),
        entry: null,
        key,
        me,
        name: me?.name ?? req.name ?? null,
        request: req,
        address,
        timer,
        answer: resolve,
      };
    });
    if (this.shared) {
      this.mine.set(waiter.wid, waiter);
      void this.enqueue(waiter);
      return {
        answer,
        cancel: () => {
          if (this.mine.delete(waiter.wid)) this.unqueue(waiter);
          else this.leave(waiter);
          clearTimeout(waiter.timer);
          waiter.answer(err({ code: 'PLAY_NOW_CANCELLED' }));
        },
      };
    }
    this.local(waiter);
    return {
      answer,
      cancel: () => {
        this.leave(waiter);
        waiter.answer(err({ code: 'PLAY_NOW_CANCELLED' }));
      },
    };
  }

  /** Into this process's queue. */
  private local(waiter: Waiter): void {
    const { key, me } = waiter;
    // One person, one place in a queue: a signed-in player asking again replaces their earlier request.
    const queue = (this.queues.get(key) ?? []).filter((w) => {
      if (!me || w.me?.id !== me.id) return true;
      clearTimeout(w.timer);
      w.answer(err({ code: 'PLAY_NOW_REPLACED' }));
      return false;
    });
    // Another request of the same address (another tab, a second account, a script) would be paired with it.
    if (!this.guard.limits.pairSameAddress && queue.some((w) => w.address === waiter.address)) {
      if (queue.length > 0) this.queues.set(key, queue);
      else this.queues.delete(key);
      clearTimeout(waiter.timer);
      return waiter.answer(err({ code: 'ALREADY_WAITING', by: 'address' }));
    }
    queue.push(waiter);
    this.queues.set(key, queue);
    void this.pair(key);
  }

  /** Into the shared queue (several processes); seats the group here if this request completes one. */
  private async enqueue(w: Waiter): Promise<void> {
    const q = this.shared!;
    const wait = (w.request.botAfterSeconds ?? w.request.waitSeconds ?? DEFAULT_WAIT_SECONDS) * 1000;
    try {
      // One person, one place in a queue, whichever process they asked through.
      if (w.me) {
        for (const text of await q.queues.queueEntries(w.key)) {
          const e = entryOf(text);
          if (e?.account === w.me.id && (await q.queues.queueRemove(w.key, text)))
            q.answerPlayNow(e.node, e.wid, err({ code: 'PLAY_NOW_REPLACED' }));
        }
      }
      if (!this.mine.has(w.wid)) return;
      const entry: Entry = {
        node: q.node,
        wid: w.wid,
        name: w.name,
        account: w.me?.id ?? null,
        address: w.address,
        until: Date.now() + wait,
      };
      w.entry = JSON.stringify(entry);
      const group = await q.queues.queuePush(w.key, w.entry, w.request.players, wait + 60_000, {
        address: w.address,
        account: w.me?.id ?? null,
        sameAddress: this.guard.limits.pairSameAddress,
      });
      if (group === 'address' || group === 'account') {
        if (!this.mine.delete(w.wid)) return;
        w.entry = null;
        clearTimeout(w.timer);
        return w.answer(err({ code: 'ALREADY_WAITING', by: group }));
      }
      if (group) await this.seatShared(w.key, w.request, group);
    } catch {
      // Redis is away: this process's own queue, as with one process.
      if (!this.mine.delete(w.wid)) return;
      w.entry = null;
      this.local(w);
    }
  }

  /** Out of the shared queue (cancelled, or the server stops). */
  private unqueue(w: Waiter): void {
    if (w.entry) void this.shared!.queues.queueRemove(w.key, w.entry).catch(() => undefined);
  }

  /** A group taken from a shared queue: seated together here, each request answered on its own process. */
  private async seatShared(key: string, req: PlayNowRequest, group: string[]): Promise<void> {
    const q = this.shared!;
    const entries = group.map(entryOf);
    // A request whose wait ended long ago belongs to a process that died: dropped, the others go back in front.
    const now = Date.now();
    if (entries.some((e) => e === null || e.until < now - 5000)) {
      await q.queues.queueRestore(
        key,
        group.filter((_, i) => entries[i] !== null && entries[i]!.until >= now - 5000),
      );
      return;
    }
    const people = entries as Entry[];
    const created = await this.service.create(
      {
        game: req.game,
        seats: people.map((e): SeatRequest => ({ kind: 'human', ...(e.name ? { name: e.name } : {}) })),
        ...(req.clock ? { clock: req.clock } : {}),
        ...(req.rated ? { rated: true } : {}),
      },
      joinParties(...people.map(partiesOfEntry)),
      'play-now',
    );
    if (!created.ok) {
      // Past a cap (a request of the same person elsewhere filled it meanwhile): those at their cap are told,
      // the others go back to the front of the queue.
      const over = await this.over(created, people.map(partiesOfEntry));
      if (over.some((o) => o) && !over.every((o) => o)) {
        for (const [i, e] of people.entries()) if (over[i]) q.answerPlayNow(e.node, e.wid, created);
        await q.queues.queueRestore(
          key,
          group.filter((_, i) => !over[i]),
        );
        return;
      }
      for (const e of people) q.answerPlayNow(e.node, e.wid, created);
      return;
    }
    const { match, tokens } = created.value;
    for (const [seat, e] of people.entries()) {
      if (e.account) await this.accounts.addSeat(e.account, match.id, seat, Date.now());
      q.answerPlayNow(e.node, e.wid, ok({ match, seat, token: tokens[seat]!.token, against: 'people' }));
    }
  }

  /** The server stops: everyone waiting is told so. */
  close(): void {
    for (const w of [...this.mine.values()]) {
      this.mine.delete(w.wid);
      clearTimeout(w.timer);
      this.unqueue(w);
      w.answer(err({ code: 'SHUTTING_DOWN' }));
    }
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
    if (req.players < game.minPlayers || req.players > game.maxPlayers)
      return err({
        code: 'BAD_REQUEST',
        reason: `players: ${game.id} is for ${game.minPlayers} to ${game.maxPlayers}`,
      });
    if (req.rated && !me) return err({ code: 'RATED_NEEDS_ACCOUNT' });
    if (req.rated && req.botAfterSeconds !== undefined) return err({ code: 'RATED_SEATS' });
    if (req.rated && !req.clock) return err({ code: 'RATED_NEEDS_CLOCK' });
    if (isFischer(req.clock) && !game.perfectInformation) return err({ code: 'FISCHER_WITH_SECRETS', game: game.id });
    const level = req.botLevel ?? DEFAULT_BOT;
    if (!botFor(level)) return err({ code: 'UNKNOWN_BOT', level, known: BOT_LEVELS.join(', ') });
    return ok(undefined);
  }

  /** After a creation refused TOO_MANY_MATCHES: which of the group's people are at a cap. */
  private async over(created: Result<unknown>, parties: readonly Parties[]): Promise<boolean[]> {
    if (created.ok || created.error.code !== 'TOO_MANY_MATCHES') return parties.map(() => true);
    return Promise.all(parties.map(async (p) => !(await this.guard.check(p)).ok));
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
      joinParties(...group.map(partiesOf)),
      'play-now',
    );
    if (!created.ok) {
      // Those at their cap are told; the others wait on, at the front of the queue.
      const over = await this.over(created, group.map(partiesOf));
      if (over.some((o) => o) && !over.every((o) => o)) {
        for (const [i, w] of group.entries()) if (over[i]) w.answer(created);
        const rest = group.filter((_, i) => !over[i]);
        this.queues.set(key, [...rest, ...(this.queues.get(key) ?? [])]);
        return;
      }
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
    if (this.mine.has(waiter.wid)) {
      // Still in the shared queue? If not, another process has just seated it: its answer is on the way.
      const removed =
        waiter.entry === null || (await this.shared!.queues.queueRemove(waiter.key, waiter.entry).catch(() => true));
      if (!removed) {
        // (Unless that process died meanwhile: then nobody came.)
        setTimeout(() => {
          if (this.mine.delete(waiter.wid))
            waiter.answer(err({ code: 'NO_OPPONENT', seconds: waiter.request.waitSeconds ?? DEFAULT_WAIT_SECONDS }));
        }, 10_000).unref();
        return;
      }
      if (!this.mine.delete(waiter.wid)) return;
    } else {
      const queue = this.queues.get(waiter.key);
      if (!queue?.includes(waiter)) return;
      this.leave(waiter);
    }
    const req = waiter.request;
    if (req.botAfterSeconds === undefined)
      return waiter.answer(err({ code: 'NO_OPPONENT', seconds: req.waitSeconds ?? DEFAULT_WAIT_SECONDS }));
    const level = req.botLevel ?? DEFAULT_BOT;
    const seats: SeatRequest[] = Array.from({ length: req.players }, (_, i) =>
      i === 0 ? { kind: 'human', ...(waiter.name ? { name: waiter.name } : {}) } : { kind: 'bot', level },
    );
    const created = await this.service.create(
      { game: req.game, seats, ...(req.clock ? { clock: req.clock } : {}) },
      partiesOf(waiter),
      'play-now',
    );
    if (!created.ok) return waiter.answer(created);
    const { match, tokens } = created.value;
    if (waiter.me) await this.accounts.addSeat(waiter.me.id, match.id, 0, Date.now());
    waiter.answer(ok({ match, seat: 0, token: tokens[0]!.token, against: 'bots' }));
  }
}
