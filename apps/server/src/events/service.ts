import { randomBytes } from 'node:crypto';
import { err, ok, type Result } from '@roundtable/core';
import { gameById, GAME_IDS } from '@roundtable/catalog';
import type {
  CreateEventParsed,
  EventDetail,
  EventRecord,
  EventSummary,
  EventsQuery,
  MatchEventAnswer,
} from '@roundtable/protocol';
import type { Me } from '../accounts/service.ts';
import type { AccountStore } from '../accounts/store.ts';
import { INITIAL } from '../accounts/ratings.ts';
import { isFischer } from '../clocks/fischer.ts';
import type { Limits } from '../config.ts';
import { berserkAllowed, berserkRefused } from './berserk.ts';
import { crosstableFor, recordOf, sizesOf, standingsFor } from './bridge.ts';
import type { EventRow, EventStore } from './store.ts';
import { roundsOf, summaryOf } from './views.ts';

type EventLimits = Pick<Limits, 'eventsPerOrganiser' | 'entrantsPerEvent' | 'eventsPerEntrant'>;

/** What the service asks of the runner (runner.ts): start an event now. */
export interface Starter {
  start(id: string): Promise<Result<void>>;
  /** A seat of an event's match berserks (its clock halved, through the match's owner). */
  berserk(matchId: string, seat: number): Promise<Result<void>>;
  /** Whether the seat has neither moved nor berserked in the match (an active one). */
  berserkable(matchId: string, seat: number): Promise<boolean>;
}

/**
 * The events' front door: organisers create, players join and withdraw, anyone reads. Caps: events per organiser,
 * entrants per event (the organiser's own below the server's), events an account has entered at once. The runner
 * (runner.ts) plays the rounds.
 */
export class EventService {
  starter: Starter | null = null;

  constructor(
    readonly store: EventStore,
    private readonly accounts: AccountStore,
    private readonly limits: EventLimits,
  ) {}

  async create(me: Me, spec: CreateEventParsed, now: number): Promise<Result<EventSummary>> {
    const game = gameById(spec.game);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: spec.game, known: GAME_IDS });
    if (spec.players < game.minPlayers || spec.players > game.maxPlayers)
      return err({
        code: 'EVENT_PLAYERS',
        game: game.id,
        players: spec.players,
        min: game.minPlayers,
        max: game.maxPlayers,
      });
    if (isFischer(spec.clock) && !game.perfectInformation) return err({ code: 'FISCHER_WITH_SECRETS', game: game.id });
    const berserk = berserkRefused(spec);
    if (berserk) return err(berserk);
    if (spec.startsAt !== undefined && spec.startsAt < now - 60_000) return err({ code: 'EVENT_STARTS_PAST' });
    if ((await this.accounts.bot(me.id)) !== null) return err({ code: 'PEOPLE_ONLY' });
    if ((await this.store.countOrganised(me.id)) >= this.limits.eventsPerOrganiser)
      return err({ code: 'EVENT_ORGANISER_CAP', max: this.limits.eventsPerOrganiser });
    const row: EventRow = {
      id: randomBytes(9).toString('base64url'),
      organiser: me.id,
      organiserName: me.name,
      kind: spec.kind,
      game: game.id,
      status: 'upcoming',
      spec,
      createdAt: now,
      startsAt: spec.startsAt ?? null,
      startedAt: null,
      endsAt: null,
      rounds: spec.kind === 'swiss' ? (spec.rounds ?? null) : null,
      round: 0,
      seed: randomBytes(12).toString('hex'),
    };
    await this.store.createEvent(row);
    return ok(summaryOf(row, 0, this.limits.entrantsPerEvent));
  }

  async list(q: EventsQuery): Promise<EventSummary[]> {
    const rows = await this.store.listEvents({ ...q, limit: q.limit ?? 50 });
    return rows.map(({ row, entrants }) => summaryOf(row, entrants, this.limits.entrantsPerEvent));
  }

  async summary(id: string): Promise<Result<EventSummary>> {
    const row = await this.store.event(id);
    if (!row) return err({ code: 'NO_SUCH_EVENT', event: id });
    const entrants = (await this.store.entrants(id)).filter((e) => !e.withdrawn).length;
    return ok(summaryOf(row, entrants, this.limits.entrantsPerEvent));
  }

  async detail(id: string, me: Me | null): Promise<Result<EventDetail>> {
    const row = await this.store.event(id);
    if (!row) return err({ code: 'NO_SUCH_EVENT', event: id });
    const entrants = await this.store.entrants(id);
    const pairings = await this.store.pairings(id);
    const rounds = await this.store.rounds(id);
    const byId = new Map(entrants.map((e) => [e.accountId, e]));
    const standings = standingsFor(row, entrants, pairings);
    return ok({
      event: summaryOf(row, entrants.filter((e) => !e.withdrawn).length, this.limits.entrantsPerEvent),
      standings,
      rounds: roundsOf(row, rounds, pairings, byId),
      // An arena has no crosstable (its tables are by chance of who waits); for hundreds it would be big.
      crosstable:
        row.kind === 'arena' ? { entrants: [], cells: [] } : crosstableFor(row, standings, entrants, pairings),
      entered: me !== null && entrants.some((e) => e.accountId === me.id && !e.withdrawn),
    });
  }

  async record(id: string): Promise<Result<EventRecord>> {
    const row = await this.store.event(id);
    if (!row) return err({ code: 'NO_SUCH_EVENT', event: id });
    const entrants = await this.store.entrants(id);
    const pairings = await this.store.pairings(id);
    return ok(recordOf(row, entrants, pairings, sizesOf(row, gameById(row.game))));
  }

  async join(me: Me, id: string, body: { readonly inviteCode?: string }, now: number): Promise<Result<EventSummary>> {
    const row = await this.store.event(id);
    if (!row) return err({ code: 'NO_SUCH_EVENT', event: id });
    // An arena takes entrants while it runs (they are paired at once); the others only before the start.
    if (!(row.status === 'upcoming' || (row.status === 'running' && row.kind === 'arena')))
      return err({ code: 'EVENT_CLOSED', status: row.status });
    if ((await this.store.entrants(id)).some((e) => e.accountId === me.id && !e.withdrawn))
      return err({ code: 'EVENT_ALREADY_ENTERED' });
    const bot = (await this.accounts.bot(me.id)) !== null;
    if (bot && !row.spec.bots) return err({ code: 'EVENT_NO_BOTS' });
    const c = row.spec.conditions;
    if (c?.inviteCode !== undefined && body.inviteCode !== c.inviteCode) return err({ code: 'EVENT_INVITATION' });
    const rating = (await this.accounts.rating(me.id, row.game)) ?? INITIAL;
    if (
      (c?.minRating !== undefined && rating.rating < c.minRating) ||
      (c?.maxRating !== undefined && rating.rating > c.maxRating)
    )
      return err({
        code: 'EVENT_RATING',
        rating: Math.round(rating.rating),
        min: c.minRating ?? 0,
        max: c.maxRating ?? '∞',
      });
    if (c?.minRatedGames !== undefined && rating.games < c.minRatedGames)
      return err({ code: 'EVENT_RATED_GAMES', min: c.minRatedGames, games: rating.games });
    if ((await this.store.countEntered(me.id)) >= this.limits.eventsPerEntrant)
      return err({ code: 'EVENT_ENTRANT_CAP', max: this.limits.eventsPerEntrant });
    const max = Math.min(this.limits.entrantsPerEvent, row.spec.maxEntrants ?? Infinity);
    const added = await this.store.addEntrant(
      { eventId: id, accountId: me.id, name: me.name, bot, joinedAt: now, withdrawn: false, rating: rating.rating },
      max,
    );
    if (added === 'full') return err({ code: 'EVENT_FULL', max });
    if (added === 'already') return err({ code: 'EVENT_ALREADY_ENTERED' });
    return this.summary(id);
  }

  async withdraw(me: Me, id: string): Promise<Result<EventSummary>> {
    const row = await this.store.event(id);
    if (!row) return err({ code: 'NO_SUCH_EVENT', event: id });
    if (row.status === 'finished' || row.status === 'cancelled')
      return err({ code: 'EVENT_CLOSED', status: row.status });
    // Before the start the entry goes; after, the entrant stays in the standings and is not paired again.
    if (!(await this.store.withdraw(id, me.id, row.status === 'upcoming'))) return err({ code: 'EVENT_NOT_ENTERED' });
    return this.summary(id);
  }

  /** The entrant berserks in their arena match, before their first move (the match's owner checks the move). */
  async berserk(me: Me, id: string, matchId: string): Promise<Result<void>> {
    const row = await this.store.event(id);
    if (!row) return err({ code: 'NO_SUCH_EVENT', event: id });
    if (!berserkAllowed(row.spec)) return err({ code: 'EVENT_NO_BERSERK' });
    if (row.status !== 'running') return err({ code: 'EVENT_CLOSED', status: row.status });
    const p = (await this.store.pairings(id)).find((x) => x.matchId === matchId && x.status === 'playing');
    const seat = p?.seats.indexOf(me.id) ?? -1;
    if (!p || seat < 0) return err({ code: 'EVENT_NOT_YOUR_MATCH', match: matchId });
    if (!this.starter) return err({ code: 'SHUTTING_DOWN' });
    return this.starter.berserk(matchId, seat);
  }

  /** The event of a match, for its table: the asker's seat there and whether they may berserk now. */
  async ofMatch(me: Me | null, matchId: string): Promise<Result<MatchEventAnswer>> {
    const id = await this.store.eventOfMatch(matchId);
    const row = id === null ? null : await this.store.event(id);
    const p = row ? (await this.store.pairings(row.id)).find((x) => x.matchId === matchId) : undefined;
    if (!row || !p) return err({ code: 'NO_SUCH_EVENT', event: `match ${matchId}` });
    const at = me ? p.seats.indexOf(me.id) : -1;
    const seat = at >= 0 ? at : null;
    const canBerserk =
      seat !== null &&
      berserkAllowed(row.spec) &&
      row.status === 'running' &&
      p.status === 'playing' &&
      this.starter !== null &&
      (await this.starter.berserkable(matchId, seat));
    const summary = await this.summary(row.id);
    if (!summary.ok) return summary;
    return ok({ event: summary.value, round: p.round, table: p.table, seat, canBerserk });
  }

  async start(me: Me, id: string): Promise<Result<EventSummary>> {
    const row = await this.store.event(id);
    if (!row) return err({ code: 'NO_SUCH_EVENT', event: id });
    if (row.organiser !== me.id) return err({ code: 'EVENT_NOT_ORGANISER' });
    if (row.status !== 'upcoming') return err({ code: 'EVENT_CLOSED', status: row.status });
    if (!this.starter) return err({ code: 'SHUTTING_DOWN' });
    const started = await this.starter.start(id);
    if (!started.ok) return started;
    return this.summary(id);
  }
}
