import type { EventKind, EventStatus, Standing } from '@roundtable/protocol';
import type { EventBus } from './bus.ts';
import type { EntrantRow, EventFence, EventRow, EventStore, PairingRow, RoundRow, SeatResult } from '../store.ts';

/**
 * The event store, telling the bus after every write that changes what an event's page shows (an entrant in or
 * out, the start, a round or an arena table paired, a no-show, a result, the end). Every change of an event goes
 * through the store, whoever makes it (the service, the runner, a process taking an event over), so no change is
 * forgotten; the word goes out once the write is done, so a watcher reading then reads it.
 */
export class AnnouncingEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly bus: EventBus,
  ) {}

  private told<T>(id: string, done: T): T {
    // A write that changed nothing (`false`: a round already written, a result already recorded) is not told.
    if (done !== false) this.bus.announce(id);
    return done;
  }

  async createEvent(row: EventRow): Promise<void> {
    await this.inner.createEvent(row);
  }
  event(id: string): Promise<EventRow | null> {
    return this.inner.event(id);
  }
  listEvents(q: {
    game?: string;
    status?: EventStatus;
    kind?: EventKind;
    limit: number;
  }): Promise<{ row: EventRow; entrants: number }[]> {
    return this.inner.listEvents(q);
  }
  eventsIn(statuses: readonly EventStatus[]): Promise<EventRow[]> {
    return this.inner.eventsIn(statuses);
  }
  countOrganised(accountId: string): Promise<number> {
    return this.inner.countOrganised(accountId);
  }
  countEntered(accountId: string): Promise<number> {
    return this.inner.countEntered(accountId);
  }
  async addEntrant(row: EntrantRow, max: number): Promise<'added' | 'full' | 'already'> {
    const added = await this.inner.addEntrant(row, max);
    return added === 'added' ? this.told(row.eventId, added) : added;
  }
  entrants(eventId: string): Promise<EntrantRow[]> {
    return this.inner.entrants(eventId);
  }
  async withdraw(eventId: string, accountId: string, remove: boolean): Promise<boolean> {
    return this.told(eventId, await this.inner.withdraw(eventId, accountId, remove));
  }
  async updateEvent(
    fence: EventFence,
    id: string,
    change: Partial<Pick<EventRow, 'status' | 'startedAt' | 'endsAt' | 'rounds' | 'round'>>,
  ): Promise<void> {
    this.told(id, await this.inner.updateEvent(fence, id, change));
  }
  async writeRound(fence: EventFence, round: RoundRow, pairings: readonly PairingRow[]): Promise<boolean> {
    return this.told(round.eventId, await this.inner.writeRound(fence, round, pairings));
  }
  async addPairing(fence: EventFence, pairing: PairingRow): Promise<boolean> {
    return this.told(pairing.eventId, await this.inner.addPairing(fence, pairing));
  }
  async markAbsent(
    fence: EventFence,
    eventId: string,
    round: number,
    table: number,
    absent: Readonly<Record<number, 'forfeit' | 'bot-replaced'>>,
  ): Promise<void> {
    this.told(eventId, await this.inner.markAbsent(fence, eventId, round, table, absent));
  }
  async recordResult(
    fence: EventFence,
    eventId: string,
    round: number,
    table: number,
    results: readonly SeatResult[],
  ): Promise<boolean> {
    return this.told(eventId, await this.inner.recordResult(fence, eventId, round, table, results));
  }
  async finishRound(fence: EventFence, eventId: string, round: number, at: number): Promise<void> {
    this.told(eventId, await this.inner.finishRound(fence, eventId, round, at));
  }
  rounds(eventId: string): Promise<RoundRow[]> {
    return this.inner.rounds(eventId);
  }
  pairings(eventId: string): Promise<PairingRow[]> {
    return this.inner.pairings(eventId);
  }
  eventOfMatch(matchId: string): Promise<string | null> {
    return this.inner.eventOfMatch(matchId);
  }
  // The page's standings are computed from the results (already told): the snapshot changes nothing shown.
  saveStandings(fence: EventFence, eventId: string, round: number, standings: readonly Standing[]): Promise<void> {
    return this.inner.saveStandings(fence, eventId, round, standings);
  }
  standings(eventId: string): Promise<{ round: number; standings: Standing[] } | null> {
    return this.inner.standings(eventId);
  }
  lease(eventId: string, owner: string): Promise<EventFence | null> {
    return this.inner.lease(eventId, owner);
  }
  release(fence: EventFence): Promise<void> {
    return this.inner.release(fence);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
