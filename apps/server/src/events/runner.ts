import type { Logger } from 'pino';
import { err, ok, type Outcome, type Result } from '@roundtable/core';
import { gameById } from '@roundtable/catalog';
import type { AccountStore } from '../accounts/store.ts';
import type { LiveMatch } from '../live-match.ts';
import type { MatchService } from '../match-service.ts';
import type { Store } from '../storage/store.ts';
import { newMatchId } from '../tokens.ts';
import {
  FILLER,
  pairArenaWave,
  pairSwiss,
  roundRobin,
  sizesOf,
  standingsFor,
  type PlannedRound,
  type TableSizes,
} from './bridge.ts';
import { placesFromOutcome } from './pairing/index.ts';
import type { Starter } from './service.ts';
import {
  EventFenced,
  type EntrantRow,
  type EventFence,
  type EventRow,
  type EventStore,
  type PairingRow,
  type SeatResult,
} from './store.ts';

/** The level of the house bot that takes a no-show's seat at a multi-player table, or fills an arena's table. */
export const STAND_IN_BOT = 'greedy';

export interface RunnerOptions {
  /** How often every event this process runs is looked at (ms): starts on time, no-shows, results missed. */
  readonly pollMs: number;
  /** How long a seat of an event's match has to connect or move before it is a no-show (ms). */
  readonly noShowMs: number;
  /** This process's name (its leases). */
  readonly node: string;
  /** An arena's table with too few people waiting is filled by bots after this long (where the organiser allows). */
  readonly arenaFillMs?: number;
  /** A round started for these accounts in `live` (push and e-mail digest: notices/). */
  readonly roundStarted?: (live: LiveMatch, accounts: readonly string[]) => void;
}

/**
 * Runs the events: starts them (on time, or when the organiser asks), pairs each round, creates its matches through
 * the ordinary path (match/creation.ts) with a match id chosen and stored with the pairing first, reads each
 * result when the match ends (`ended`, the match service's hook, and a poll for matches played elsewhere), and
 * pairs the next round once one is complete (an arena pairs a player again as soon as they finish).
 *
 * Several processes: an event is run by the holder of its lease (store.lease) and every write is fenced by it.
 * A pairing is written before its match exists, and creating a match with an id that exists changes nothing, so
 * a process killed at any point leaves what the next holder finishes, never a table paired twice.
 */
export class EventRunner implements Starter {
  private readonly serials = new Map<string, Promise<unknown>>();
  private readonly queued = new Set<string>();
  /** Matches of the events run here → their event. */
  private readonly matchEvent = new Map<string, string>();
  /** Arena: when each player of an event started waiting (ms). */
  private readonly waitingSince = new Map<string, Map<string, number>>();
  private timer: NodeJS.Timeout | null = null;
  private closing = false;
  private readonly fences = new Map<string, EventFence>();
  /** The pairing step's durations (ms), for the bench (the last thousand). */
  readonly pairingMs: number[] = [];

  constructor(
    private readonly store: EventStore,
    private readonly matches: MatchService,
    private readonly matchStore: Store,
    private readonly accounts: AccountStore,
    private readonly log: Logger,
    private readonly o: RunnerOptions,
  ) {}

  begin(): void {
    this.timer = setInterval(() => void this.tick(), this.o.pollMs);
    this.timer.unref();
    void this.tick();
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.serials.values()]);
    for (const fence of this.fences.values()) await this.store.release(fence).catch(() => undefined);
  }

  /** The match service's hook: a match ended here; if it is an event's, its result is read now. */
  ended(live: LiveMatch): void {
    const event = this.matchEvent.get(live.id);
    if (event) void this.run(event);
  }

  /** A seat of an event's match berserks (service.ts checked the event): through the match's owner. */
  async berserk(matchId: string, seat: number): Promise<Result<void>> {
    const live = await this.matches.get(matchId);
    if (!live) return err({ code: 'NO_SUCH_MATCH', match: matchId });
    return this.matches.berserk(live, seat);
  }

  /** Whether `seat` may still berserk in the match: active, not moved, not berserked (as stored: the owner's). */
  async berserkable(matchId: string, seat: number): Promise<boolean> {
    const m = await this.matchStore.loadMatch(matchId);
    if (!m || m.match.status !== 'active') return false;
    return !m.moves.some((x) => x.seat === seat) && !(m.clock.banks?.berserk ?? []).includes(seat);
  }

  /** The organiser's start (service.ts). */
  async start(id: string): Promise<Result<void>> {
    return this.serial(id, () => this.startHere(id, Date.now()));
  }

  private async tick(): Promise<void> {
    if (this.closing) return;
    try {
      const now = Date.now();
      for (const row of await this.store.eventsIn(['upcoming', 'running'])) {
        if (row.status === 'upcoming' && row.startsAt !== null && row.startsAt <= now)
          void this.serial(row.id, () => this.startHere(row.id, now));
        else if (row.status === 'running') void this.run(row.id);
      }
    } catch (e) {
      this.log.warn({ err: e }, 'events: a look at the events failed');
    }
  }

  /** One look at an event queued at a time: a look not yet begun covers every reason to look given meanwhile. */
  private run(id: string): Promise<unknown> {
    if (this.queued.has(id)) return Promise.resolve();
    this.queued.add(id);
    return this.serial(id, () => {
      this.queued.delete(id);
      return this.advance(id);
    });
  }

  /** One thing at a time per event in this process (the lease keeps other processes out). */
  private serial<T>(id: string, work: () => Promise<T>): Promise<T> {
    const before = this.serials.get(id) ?? Promise.resolve();
    const next = before.then(work, work);
    const settled = next.catch((e: unknown) => {
      if (!(e instanceof EventFenced)) this.log.error({ err: e, event: id }, 'events: a step failed');
    });
    this.serials.set(id, settled);
    void settled.then(() => {
      if (this.serials.get(id) === settled) this.serials.delete(id);
    });
    return next;
  }

  private async fence(id: string): Promise<EventFence | null> {
    const f = await this.store.lease(id, this.o.node);
    if (f) this.fences.set(id, f);
    else this.fences.delete(id);
    return f;
  }

  private sizes(row: EventRow): TableSizes {
    return sizesOf(row, gameById(row.game));
  }

  private async startHere(id: string, now: number): Promise<Result<void>> {
    const fence = await this.fence(id);
    if (!fence) return err({ code: 'OWNER_UNAVAILABLE', seconds: 5 });
    const row = await this.store.event(id);
    if (!row) return err({ code: 'NO_SUCH_EVENT', event: id });
    if (row.status !== 'upcoming') return ok(undefined);
    const entrants = (await this.store.entrants(id)).filter((e) => !e.withdrawn);
    const sizes = this.sizes(row);
    if (entrants.length < sizes.min) {
      // At its start time with too few entrants the event is called off; an organiser asking is told why.
      if (row.startsAt !== null && row.startsAt <= now) {
        await this.store.updateEvent(fence, id, { status: 'cancelled' });
        return ok(undefined);
      }
      return err({ code: 'EVENT_TOO_FEW', players: row.spec.players, min: sizes.min, entrants: entrants.length });
    }
    const rounds = row.kind === 'roundrobin' ? roundRobin(row, entrants, sizes).length : row.rounds;
    await this.store.updateEvent(fence, id, {
      status: 'running',
      startedAt: now,
      ...(row.kind === 'arena' ? { endsAt: now + (row.spec.minutes ?? 60) * 60_000 } : {}),
      ...(rounds !== null ? { rounds } : {}),
    });
    await this.advance(id);
    return ok(undefined);
  }

  /**
   * Everything the event needs now, from what is stored: matches of written pairings created, results of ended
   * matches read, no-shows dealt with, the next round (or arena tables) paired, the end declared.
   */
  private async advance(id: string): Promise<void> {
    if (this.closing) return;
    const fence = await this.fence(id);
    if (!fence) return;
    const row = await this.store.event(id);
    if (!row || row.status !== 'running') {
      if (row && (row.status === 'finished' || row.status === 'cancelled')) {
        await this.store.release(fence);
        this.fences.delete(id);
      }
      return;
    }
    const now = Date.now();
    const entrants = await this.store.entrants(id);
    let pairings = await this.store.pairings(id);
    let changed = false;
    for (const p of pairings) {
      if (p.status !== 'playing' || !p.matchId) continue;
      this.matchEvent.set(p.matchId, id);
      if (await this.settle(fence, row, p, entrants, now)) changed = true;
    }
    if (changed) pairings = await this.store.pairings(id);
    const playing = pairings.filter((p) => p.status === 'playing');
    if (row.kind === 'arena') {
      const over = row.endsAt !== null && now >= row.endsAt;
      if (!over) await this.pairArenaWave(fence, row, entrants, pairings, now);
      else if (playing.length === 0) await this.finish(fence, row, entrants, pairings, now);
      else if (changed) await this.saveStandings(fence, row, entrants, pairings);
      return;
    }
    if (row.kind === 'roundrobin') return this.advanceRoundRobin(fence, row, entrants, pairings, changed, now);
    if (playing.length > 0) return;
    if (row.round > 0) {
      await this.store.finishRound(fence, id, row.round, now);
      await this.saveStandings(fence, row, entrants, pairings);
    }
    if (row.rounds !== null && row.round >= row.rounds) return this.finish(fence, row, entrants, pairings, now);
    await this.pairRound(fence, row, entrants, pairings, row.round + 1, now);
  }

  /**
   * A round robin plays every round at once (as correspondence championships are played): all its rounds are
   * written, and all their matches created, at the start; each round is finished when its last table is.
   */
  private async advanceRoundRobin(
    fence: EventFence,
    row: EventRow,
    entrants: readonly EntrantRow[],
    pairings: readonly PairingRow[],
    changed: boolean,
    now: number,
  ): Promise<void> {
    const rounds = row.rounds ?? 0;
    if (row.round < rounds) {
      for (let n = row.round + 1; n <= rounds; n++) await this.pairRound(fence, row, entrants, pairings, n, now);
      return;
    }
    if (!changed && pairings.some((p) => p.status === 'playing')) return;
    for (const r of await this.store.rounds(row.id)) {
      const done = pairings.filter((p) => p.round === r.round).every((p) => p.status !== 'playing');
      if (done && r.finishedAt === null) await this.store.finishRound(fence, row.id, r.round, now);
    }
    if (pairings.some((p) => p.status === 'playing')) return this.saveStandings(fence, row, entrants, pairings);
    return this.finish(fence, row, entrants, pairings, now);
  }

  private async saveStandings(
    fence: EventFence,
    row: EventRow,
    entrants: readonly EntrantRow[],
    pairings: readonly PairingRow[],
  ): Promise<void> {
    await this.store.saveStandings(fence, row.id, row.round, standingsFor(row, entrants, pairings));
  }

  private async finish(
    fence: EventFence,
    row: EventRow,
    entrants: readonly EntrantRow[],
    pairings: readonly PairingRow[],
    now: number,
  ): Promise<void> {
    await this.saveStandings(fence, row, entrants, pairings);
    await this.store.updateEvent(fence, row.id, {
      status: 'finished',
      ...(row.endsAt === null ? { endsAt: now } : {}),
    });
    for (const p of pairings) if (p.matchId) this.matchEvent.delete(p.matchId);
    this.waitingSince.delete(row.id);
    this.log.info({ event: row.id }, 'event finished');
  }

  /** Swiss and round robin: round `n` written whole (tables and byes), then its matches created. */
  private async pairRound(
    fence: EventFence,
    row: EventRow,
    entrants: readonly EntrantRow[],
    pairings: readonly PairingRow[],
    n: number,
    now: number,
  ): Promise<void> {
    const t0 = performance.now();
    const sizes = this.sizes(row);
    let plan: PlannedRound | undefined;
    if (row.kind === 'roundrobin') {
      // The schedule is drawn from the entrants as they were at the start; withdrawn ones forfeit.
      const schedule = roundRobin(
        row,
        entrants.filter((e) => e.joinedAt <= (row.startedAt ?? now)),
        sizes,
      );
      plan = schedule[n - 1];
    } else plan = pairSwiss(row, entrants, pairings, n, sizes) ?? undefined;
    if (!plan) {
      this.log.error({ event: row.id, round: n }, 'events: the round could not be paired');
      return;
    }
    this.pairingMs.push(performance.now() - t0);
    const rows: PairingRow[] = [
      ...plan.tables.map((t, i): PairingRow => ({
        eventId: row.id,
        round: n,
        table: i + 1,
        matchId: newMatchId(),
        seats: t.seats,
        status: 'playing',
        results: null,
        absent: {},
        createdAt: now,
      })),
      ...plan.byes.map((b, i): PairingRow => ({
        eventId: row.id,
        round: n,
        table: plan.tables.length + i + 1,
        matchId: null,
        seats: [b],
        status: 'bye',
        results: null,
        absent: {},
        createdAt: now,
      })),
    ];
    // Written before any match exists or anyone is told: a second writer of the same round changes nothing.
    if (!(await this.store.writeRound(fence, { eventId: row.id, round: n, startedAt: now, finishedAt: null }, rows)))
      return;
    this.log.info({ event: row.id, round: n, tables: plan.tables.length }, 'event round paired');
    const fresh = await this.store.pairings(row.id);
    for (const p of fresh) if (p.round === n && p.status === 'playing') await this.ensureMatch(row, p, entrants);
  }

  /** Arena: every entrant free and not withdrawn is paired with those waiting, by score and rating. */
  private async pairArenaWave(
    fence: EventFence,
    row: EventRow,
    entrants: readonly EntrantRow[],
    pairings: readonly PairingRow[],
    now: number,
  ): Promise<void> {
    if (row.round === 0) {
      await this.store.writeRound(fence, { eventId: row.id, round: 1, startedAt: now, finishedAt: null }, []);
    }
    const busy = new Set(pairings.filter((p) => p.status === 'playing').flatMap((p) => p.seats));
    const since = this.waitingSince.get(row.id) ?? new Map<string, number>();
    this.waitingSince.set(row.id, since);
    const standings = standingsFor(row, entrants, pairings);
    const score = new Map(standings.map((s) => [s.entrant, s.points]));
    const free = entrants.filter((e) => !e.withdrawn && !busy.has(e.accountId));
    for (const e of free) if (!since.has(e.accountId)) since.set(e.accountId, now);
    for (const id of [...since.keys()]) if (!free.some((e) => e.accountId === id)) since.delete(id);
    if (free.length === 0) return;
    const t0 = performance.now();
    const sizes = this.sizes(row);
    const last = new Map<string, readonly string[]>();
    for (const p of pairings)
      for (const id of p.seats)
        last.set(
          id,
          p.seats.filter((x) => x !== id),
        );
    const wave = pairings.length;
    const plan = pairArenaWave(
      row,
      free.map((e) => ({
        id: e.accountId,
        score: score.get(e.accountId) ?? 0,
        rating: e.rating,
        lastOpponents: last.get(e.accountId) ?? [],
        since: since.get(e.accountId) ?? now,
      })),
      sizes,
      wave,
    );
    const tables = plan.tables.map((t) => [...t.seats]);
    // Those left over wait; after a while, where the organiser allows bots, house bots fill their table.
    const left = plan.byes;
    const fillMs = this.o.arenaFillMs ?? 3 * this.o.pollMs;
    if (row.spec.bots && left.length > 0 && left.every((id) => now - (since.get(id) ?? now) >= fillMs)) {
      const seats = [...left];
      let k = 0;
      while (seats.length < sizes.preferred) seats.push(`${FILLER}${STAND_IN_BOT}:${k++}`);
      tables.push(seats);
    }
    if (tables.length === 0) return;
    const ms = performance.now() - t0;
    this.pairingMs.push(ms);
    if (this.pairingMs.length > 1000) this.pairingMs.shift();
    this.log.debug({ event: row.id, ms, tables: tables.length, waiting: free.length }, 'events: arena wave paired');
    let next = pairings.filter((p) => p.round === 1).reduce((m, p) => Math.max(m, p.table), 0);
    for (const seats of tables) {
      const p: PairingRow = {
        eventId: row.id,
        round: 1,
        table: ++next,
        matchId: newMatchId(),
        seats,
        status: 'playing',
        results: null,
        absent: {},
        createdAt: now,
      };
      if (!(await this.store.addPairing(fence, p))) continue;
      for (const id of seats) since.delete(id);
      await this.ensureMatch(row, p, entrants);
    }
  }

  /**
   * The match of a written pairing, created unless it exists (the id was stored with the pairing: a process that
   * died between the two writes is finished here, never doubled), its seats given to the entrants' accounts.
   */
  private async ensureMatch(row: EventRow, p: PairingRow, entrants: readonly EntrantRow[]): Promise<void> {
    const id = p.matchId!;
    this.matchEvent.set(id, row.id);
    if (await this.matches.summary(id)) return;
    const byId = new Map(entrants.map((e) => [e.accountId, e]));
    const fillers = p.seats.flatMap((s, i) => (s.startsWith(FILLER) ? [i] : []));
    const created = await this.matches.create(
      {
        game: row.game,
        options: row.spec.options ?? {},
        seats: p.seats.map((s) =>
          s.startsWith(FILLER)
            ? { kind: 'bot' as const, level: STAND_IN_BOT }
            : { kind: 'human' as const, name: byId.get(s)?.name ?? s },
        ),
        clock: row.spec.clock,
        // Bot fillers make a match no rated result can come from (people.ts rates accounts only).
        ...(row.spec.rated && fillers.length === 0 ? { rated: true } : {}),
      },
      null,
      'create',
      undefined,
      id,
    );
    if (!created.ok) {
      this.log.error({ event: row.id, match: id, error: created.error }, 'events: a match could not be created');
      return;
    }
    const accounts: string[] = [];
    for (const [seat, s] of p.seats.entries()) {
      if (s.startsWith(FILLER)) continue;
      await this.accounts.addSeat(s, id, seat, Date.now());
      accounts.push(s);
    }
    const live = this.matches.peek(id);
    if (live) this.o.roundStarted?.(live, accounts);
  }

  /**
   * A playing table: its result recorded if its match ended; its no-shows dealt with after the wait. True when
   * something was written.
   */
  private async settle(
    fence: EventFence,
    row: EventRow,
    p: PairingRow,
    entrants: readonly EntrantRow[],
    now: number,
  ): Promise<boolean> {
    const id = p.matchId!;
    const summary = await this.matches.summary(id);
    if (!summary) {
      await this.ensureMatch(row, p, entrants);
      return false;
    }
    if (summary.outcome && (summary.status === 'finished' || summary.status === 'abandoned')) {
      // Who berserked is kept with the match's clock (clocks/berserk.ts): read where the match is.
      const berserk = (await this.matchStore.loadMatch(id))?.clock.banks?.berserk ?? [];
      const results = resultsOf(summary.outcome, p, berserk);
      return this.store.recordResult(fence, row.id, p.round, p.table, results);
    }
    // Correspondence: the match's own clock (days per move) is the wait; a live clock: the no-show wait.
    const clock = row.spec.clock as { days?: number };
    if (clock.days !== undefined || now - p.createdAt < this.o.noShowMs || Object.keys(p.absent).length > 0)
      return false;
    const live = await this.matches.get(id);
    if (!live || this.matches.follows(live) || live.status !== 'active') return false;
    const moved = new Set((await this.matchStore.loadMatch(id))?.moves.map((m) => m.seat) ?? []);
    const seats = live.seats
      .filter((s) => s.kind === 'human' && !p.seats[s.seat]?.startsWith(FILLER))
      .filter((s) => !live.connected(s.seat) && !moved.has(s.seat))
      .map((s) => s.seat);
    if (seats.length === 0) return false;
    // Two players, or nobody came: the match ends, lost by those absent; else bots play their seats.
    const ends = p.seats.length <= 2 || seats.length === live.seats.filter((s) => s.kind === 'human').length;
    const absent: Record<number, 'forfeit' | 'bot-replaced'> = {};
    for (const seat of seats) absent[seat] = ends ? 'forfeit' : 'bot-replaced';
    // Written before anything is done about it: a process taking over does the same, never a second thing.
    await this.store.markAbsent(fence, row.id, p.round, p.table, absent);
    // An arena pairs again whoever is free: an entrant who did not show is withdrawn (they may join again).
    if (row.kind === 'arena') for (const seat of seats) await this.store.withdraw(row.id, p.seats[seat]!, false);
    this.log.info({ event: row.id, match: id, seats }, 'event no-show');
    if (ends) {
      const present = live.seats.filter((s) => !seats.includes(s.seat)).map((s) => s.seat);
      const outcome: Outcome = { winners: present, draw: false, reason: 'no-show' };
      await this.matches.end(live, outcome);
    } else await this.matches.handToBot(live, seats, STAND_IN_BOT);
    return true;
  }
}

/** A table's result from its match's outcome (winners first, the others by score), the absent seats as marked. */
export function resultsOf(outcome: Outcome, p: PairingRow, berserk: readonly number[] = []): SeatResult[] {
  const n = p.seats.length;
  const places = placesFromOutcome(outcome, n);
  return places.map((place, seat) => {
    const absent = p.absent[seat];
    if (absent) return { place: n, status: absent };
    return { place, status: 'played' as const, ...(berserk.includes(seat) ? { berserk: true } : {}) };
  });
}
