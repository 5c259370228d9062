import type { Logger } from 'pino';
import { descriptorOf } from '@roundtable/catalog';
import { err, ok, type Result, type Seat } from '@roundtable/core';
import type { ChatLine, ClientMessage, OfferMessage, SeatRequest } from '@roundtable/protocol';
import type { Me } from '../accounts/service.ts';
import type { AccountStore, ChatRow } from '../accounts/store.ts';
import type { LiveMatch, Listener } from '../live-match.ts';
import type { MatchService } from '../match-service.ts';
import type { Audience, TableAnswer, TableCall } from '../match/cluster.ts';
import { reaches, sees } from '../match/audience.ts';
import type { Guard, Ticket } from '../limits/guard.ts';
import { joinParties, type Parties } from '../limits/parties.ts';
import type { ClubHooks } from '../clubs/hooks.ts';
import { encode, type Outgoing } from '../outgoing.ts';
import { ratingsMessage, storedChanges } from './rating-changes.ts';

export { reaches, sees } from '../match/audience.ts';

/** A connection as the table sees it: a listener that may mute the chat and may be signed in (its cookie). */
export interface TableListener extends Listener {
  muted: boolean;
  account(): Promise<Me | null>;
}

export type TableMessage = Extract<ClientMessage, { t: 'chat' | 'mute' | 'resign' | 'offer' | 'answer' }>;
type OfferKind = 'draw' | 'takeback' | 'rematch';

/** Chat lines kept per match and sent on attach. */
const HISTORY = 200;
/** The level of the bot that takes the seat of a player who resigns a game of three or more, without `abandon`. */
const RESIGN_BOT = 'medium';

const isOver = (live: LiveMatch): boolean =>
  live.status === 'finished' || live.status === 'abandoned' || live.status === 'archived';

/** Where a rematch is recorded (the per-match data table of the account store), for seats that were not connected. */
const rematchKey = (id: string): string => `rematch:${id}`;

interface Offer {
  readonly by: Seat;
  readonly ply: number;
  readonly accepted: Set<Seat>;
}

/**
 * The social side of a table over the WebSocket: chat (two channels, history, mute, a rate), resignation, and
 * offers the other players answer (a draw in Camelot, a rematch after the end). Offers live in memory with the
 * match: a restart forgets them (they are asked again). Chat lines and offers are counted per seat and per
 * account (limits/guard.ts), over all their connections and processes; a finished match has one rematch.
 */
export class Table {
  private readonly offers = new WeakMap<LiveMatch, Map<OfferKind, Offer>>();
  /** Called when an offer waits for the other players' answer (push/notices.ts tells those connected nowhere). */
  onOffer: ((live: LiveMatch, by: Seat, kind: OfferKind) => void) | null = null;

  /** Clubs (clubs/): a rated rematch of a match a club vouched for is vouched for again; set by the server. */
  clubs: ClubHooks | null = null;

  constructor(
    private readonly service: MatchService,
    private readonly store: AccountStore,
    private readonly log: Logger,
    private readonly guard: Guard,
  ) {}

  /** After `attached`: the chat this listener may see. */
  async attached(live: LiveMatch, listener: TableListener): Promise<void> {
    const rows = await this.store.chat(live.id, HISTORY).catch((e: unknown) => {
      this.log.warn({ err: e, match: live.id }, 'could not read the chat');
      return [] as ChatRow[];
    });
    if (!live.listeners.has(listener)) return;
    const lines = rows.filter((r) => sees(live, listener.seat, r.channel)).map((r) => lineOf(r, live));
    listener.send(encode({ t: 'chat-history', match: live.id, lines }));
    // Offers still open (made on this position): a seat that was away, or reloaded its page, can still answer.
    if (listener.seat !== null) {
      for (const [kind, offer] of this.offers.get(live) ?? []) {
        if (offer.ply === live.ply && this.allowed(live, offer.by, kind))
          listener.send(encode({ t: 'offer', match: live.id, kind, by: offer.by }));
      }
    }
    // A rated match over: its rating changes, once stored (before that, the owner sends them when it stores them).
    if (isOver(live) && live.row.settings.rated) {
      const changes = await storedChanges(this.store, live).catch((e: unknown) => {
        this.log.warn({ err: e, match: live.id }, 'could not read the rating changes');
        return [];
      });
      if (changes.length > 0 && live.listeners.has(listener)) listener.send(encode(ratingsMessage(live, changes)));
    }
    // A seat that was connected nowhere when its rematch was agreed finds its new match when it comes back,
    // once (the record then forgets the seat: coming back again to look at the old match stays there). The record
    // names the seat, never a token: the seat's token of the new match is made now, for it alone.
    if (listener.seat !== null && isOver(live)) {
      const made = parseRematch(await this.store.loadClock(rematchKey(live.id)).catch(() => null));
      const seat = listener.seat;
      if (!made || !made.seats.includes(seat) || !live.listeners.has(listener)) return;
      const issued = await this.service.reissue(made.next, seat);
      if (!issued.ok)
        return void this.log.warn(
          { match: live.id, next: made.next, error: issued.error },
          'could not give a rematch seat its token',
        );
      const rest = { next: made.next, seats: made.seats.filter((s) => s !== seat) };
      await this.store
        .saveClock(rematchKey(live.id), JSON.stringify(rest))
        .catch((e: unknown) => this.log.warn({ err: e, match: live.id }, 'could not update a rematch record'));
      listener.send(encode({ t: 'rematch', match: live.id, next: made.next, seat, token: issued.value.token }));
    }
  }

  async handle(live: LiveMatch, listener: TableListener, msg: TableMessage): Promise<Result<TableAnswer>> {
    switch (msg.t) {
      case 'mute':
        listener.muted = msg.on;
        return ok({ t: 'muted', on: msg.on });
      case 'chat': {
        const author = await this.author(live, listener);
        if (!author.ok) return author;
        const said = await this.run(live, listener.seat, { t: 'say', text: msg.text, name: author.value.name });
        // A line the owner never got (it died; another process takes over) does not count against the rate.
        if (!said.ok && said.error.code === 'OWNER_UNAVAILABLE') await author.value.ticket.giveBack();
        return said;
      }
      case 'offer': {
        // Counted where the connection is (an offer pops up at every other player's table).
        const me = await listener.account();
        const counted = await this.guard.offer(
          listener.seat !== null ? `${live.id}:${listener.seat}` : null,
          me?.id ?? null,
        );
        if (!counted.ok) return counted;
        const made = await this.run(live, listener.seat, msg);
        if (!made.ok && made.error.code === 'OWNER_UNAVAILABLE') await counted.value.giveBack();
        return made;
      }
      default:
        return this.run(live, listener.seat, msg);
    }
  }

  /** Here when this process owns the match (or is alone), else at the owner (cluster/), which tells every process. */
  private run(live: LiveMatch, seat: Seat | null, call: TableCall): Promise<Result<TableAnswer>> {
    if (this.service.follows(live)) return this.service.forwardTable(live, seat, call);
    return this.perform(live, seat, call);
  }

  /** A table message of `seat` (checked where its connection is), run where the match is played. */
  perform(live: LiveMatch, seat: Seat | null, call: TableCall): Promise<Result<TableAnswer>> {
    switch (call.t) {
      case 'say':
        return this.say(live, seat, call.name, call.text);
      case 'resign':
        return this.resign(live, seat);
      case 'offer':
        return this.offer(live, seat, call.kind);
      case 'answer':
        return this.answer(live, seat, call.kind, call.accept);
    }
  }

  /** `text` for every listener of the match that `to` lets read it, on this process and the others. */
  private tell(live: LiveMatch, text: Outgoing, to: Audience): void {
    for (const l of live.listeners) if (reaches(live, l, to)) l.send(text);
    this.service.tell(live, text, to);
  }

  // ------------------------------------------------------------------------------------------------------
  // Chat

  /**
   * Where the connection is: the name its lines go under (a spectator's account), and a place in the windows of
   * its seat and its account, shared by all their connections on every process.
   */
  private async author(
    live: LiveMatch,
    listener: TableListener,
  ): Promise<Result<{ name: string | null; ticket: Ticket }>> {
    const me = await listener.account();
    if (listener.seat === null && !me) return err({ code: 'CHAT_NEEDS_ACCOUNT' });
    // An engine speaks only from its own seat, where its lines are marked as a bot's, never as a person watching.
    if (listener.seat === null && me && (await this.store.bot(me.id))) return err({ code: 'BOT_CHATS_AT_ITS_SEAT' });
    const counted = await this.guard.chat(
      listener.seat !== null ? `${live.id}:${listener.seat}` : null,
      me?.id ?? null,
    );
    if (!counted.ok) return counted;
    const name = listener.seat !== null ? (live.seats[listener.seat]?.name ?? null) : me!.name;
    return ok({ name, ticket: counted.value });
  }

  private async say(live: LiveMatch, seat: Seat | null, name: string | null, text: string): Promise<Result<null>> {
    // A seat's lines go under its name as the owner knows it (a spectator's under its account's).
    const shown = seat !== null ? (live.seats[seat]?.name ?? name) : name;
    const row: ChatRow = {
      matchId: live.id,
      channel: seat !== null ? 'players' : 'spectators',
      seat,
      name: shown,
      text,
      at: Date.now(),
    };
    try {
      await this.store.appendChat(row, this.service.fence(live));
    } catch (e) {
      this.log.error({ err: e, match: live.id }, 'could not store a chat line');
      return err({ code: 'STORAGE' });
    }
    this.tell(live, encode({ t: 'chat', match: live.id, ...lineOf(row, live) }), { chat: row.channel });
    return ok(null);
  }

  // ------------------------------------------------------------------------------------------------------
  // Resigning

  private async resign(live: LiveMatch, seat: Seat | null): Promise<Result<null>> {
    if (seat === null || live.seats[seat]?.kind !== 'human') return err({ code: 'NOT_A_PLAYER' });
    if (live.status !== 'active')
      return err({ code: live.status === 'open' ? 'NOT_STARTED' : 'MATCH_CLOSED', status: live.status });
    if (live.row.players === 2) {
      const ended = await this.service.end(live, { winners: [1 - seat], draw: false, reason: 'resignation' });
      return ended.ok ? ok(null) : ended;
    }
    // With three or more the game goes on: a bot plays the seat (the rules need every seat).
    const handed = await this.service.handToBot(live, [seat], live.row.settings.abandon?.bot ?? RESIGN_BOT);
    return handed.ok ? ok(null) : handed;
  }

  // ------------------------------------------------------------------------------------------------------
  // Offers

  private allowed(live: LiveMatch, seat: Seat, kind: OfferKind): boolean {
    const can = descriptorOf(live.game.id)?.capabilities;
    if (kind === 'draw') return can?.drawOffers === true && live.status === 'active';
    // A takeback in a game with secrets would show what was seen in between again, differently.
    if (kind === 'takeback') return can?.takeBacks === true && live.status === 'active' && live.ply > 0;
    return isOver(live) && live.status !== 'archived' && live.seats[seat]?.kind === 'human';
  }

  private async offer(live: LiveMatch, seat: Seat | null, kind: OfferKind): Promise<Result<null>> {
    if (seat === null || live.seats[seat]?.kind !== 'human') return err({ code: 'NOT_A_PLAYER' });
    if (!this.allowed(live, seat, kind)) return err({ code: 'OFFER_NOT_ALLOWED', kind });
    if (kind === 'rematch' && (await this.guard.rematched(live.id))) return err({ code: 'REMATCH_DONE' });
    const offers = this.offers.get(live) ?? new Map<OfferKind, Offer>();
    this.offers.set(live, offers);
    const offer: Offer = { by: seat, ply: live.ply, accepted: new Set([seat]) };
    offers.set(kind, offer);
    this.tellPlayers(live, { t: 'offer', match: live.id, kind, by: seat });
    const settled = await this.settle(live, kind, offer);
    if (settled.ok && this.offers.get(live)?.get(kind) === offer) this.onOffer?.(live, seat, kind);
    return settled;
  }

  private async answer(live: LiveMatch, seat: Seat | null, kind: OfferKind, accept: boolean): Promise<Result<null>> {
    if (seat === null || live.seats[seat]?.kind !== 'human') return err({ code: 'NOT_A_PLAYER' });
    const offer = this.offers.get(live)?.get(kind);
    // An offer made before a move was played has lapsed.
    if (!offer || offer.by === seat || offer.ply !== live.ply || !this.allowed(live, seat, kind))
      return err({ code: 'NO_OFFER', kind });
    if (!accept) {
      this.offers.get(live)?.delete(kind);
      this.tellPlayers(live, { t: 'offer', match: live.id, kind, by: offer.by, accepted: false });
      return ok(null);
    }
    offer.accepted.add(seat);
    return this.settle(live, kind, offer);
  }

  /** Once every human seat agreed, the offer takes effect. */
  private async settle(live: LiveMatch, kind: OfferKind, offer: Offer): Promise<Result<null>> {
    const humans = live.seats.filter((s) => s.kind === 'human').map((s) => s.seat);
    if (!humans.every((s) => offer.accepted.has(s))) return ok(null);
    this.offers.get(live)?.delete(kind);
    if (kind === 'draw') {
      const ended = await this.service.end(live, { winners: [], draw: true, reason: 'agreement' });
      if (!ended.ok) return ended;
    } else if (kind === 'takeback') {
      const back = await this.service.takeBack(live, offer.by);
      if (!back.ok) return back;
    } else if (kind === 'rematch') {
      const made = await this.rematch(live);
      if (!made.ok) return made;
    }
    this.tellPlayers(live, { t: 'offer', match: live.id, kind, by: offer.by, accepted: true });
    return ok(null);
  }

  /**
   * A new match with the same game, options, clock, seats, hold (absence/) and rating; each seat gets its new token. One per
   * finished match (taken atomically, whichever process settles it), made for the same people as the first one
   * (their addresses and accounts: it counts against their caps of matches in play).
   */
  private async rematch(live: LiveMatch): Promise<Result<null>> {
    const s = live.row.settings;
    const seats: SeatRequest[] = live.seats.map((row) =>
      row.kind === 'bot' && row.level
        ? { kind: 'bot', level: row.level }
        : { kind: 'human', ...(row.name ? { name: row.name } : {}) },
    );
    const once = await this.guard.rematch(live.id);
    if (!once.ok) return once;
    const holders = await this.store.matchSeats(live.id);
    const parties: Parties = joinParties(await this.guard.partiesOf(live.id), {
      addresses: live.row.creator ? [live.row.creator] : [],
      accounts: holders.map((h) => h.accountId),
    });
    if (s.rated) {
      const accounts = [...new Set(holders.map((h) => h.accountId))];
      for (const [i, a] of accounts.entries()) {
        for (const b of accounts.slice(i + 1)) {
          const pair = await this.guard.pairFull(live.game.id, a, b);
          if (!pair.ok) {
            await once.value.giveBack();
            return pair;
          }
        }
      }
    }
    const vouched =
      s.rated && this.clubs
        ? await this.clubs.rematch(live.id, live.game.id, [...new Set(holders.map((h) => h.accountId))])
        : null;
    if (vouched && !vouched.ok) {
      await once.value.giveBack();
      return vouched;
    }
    const created = await this.service.create(
      {
        game: live.game.id,
        options: { ...live.row.options },
        seats,
        ...(s.clock ? { clock: s.clock } : {}),
        ...(s.abandon ? { abandon: s.abandon } : {}),
        ...(s.hold !== undefined ? { hold: s.hold } : {}),
        ...(s.rated ? { rated: true } : {}),
      },
      parties,
      'rematch',
      s.botSeats
        ? {
            seats: s.botSeats,
            names: Object.fromEntries(
              live.seats.flatMap((r) => (r.kind === 'bot' && r.name ? [[r.seat, r.name]] : [])),
            ),
          }
        : undefined,
    );
    if (!created.ok) {
      await once.value.giveBack();
      await vouched?.value?.ticket.giveBack();
      return created;
    }
    const next = created.value.match.id;
    await vouched?.value?.done(next);
    for (const h of holders) await this.store.addSeat(h.accountId, next, h.seat, Date.now());
    // The seats connected nowhere now (on any process) would miss it: the match records which they are (not their
    // tokens, which die unseen), and each gets a token of its own when it attaches again.
    const connected = new Set(live.seatInfo().flatMap((s) => (s.connected ? [s.seat] : [])));
    const away = created.value.tokens.flatMap((t) => (connected.has(t.seat) ? [] : [t.seat]));
    if (away.length > 0) {
      await this.store
        .saveClock(rematchKey(live.id), JSON.stringify({ next, seats: away }), this.service.fence(live))
        .catch((e: unknown) => this.log.warn({ err: e, match: live.id }, 'could not record a rematch'));
    }
    for (const { seat, token } of created.value.tokens) {
      this.tell(live, encode({ t: 'rematch', match: live.id, next, seat, token }), { seat });
    }
    return ok(null);
  }

  private tellPlayers(live: LiveMatch, message: OfferMessage): void {
    this.tell(live, encode(message), { players: true });
  }
}

/**
 * A stored rematch record: the new match and the seats still to be told. (Records written before 24 Nov 2026 held
 * those seats' tokens: their seats are read from them, and the token handed out is a new one.)
 */
function parseRematch(text: string | null): { next: string; seats: Seat[] } | null {
  if (text === null) return null;
  try {
    const r = JSON.parse(text) as { next?: unknown; seats?: unknown; tokens?: unknown };
    const seats = Array.isArray(r.seats)
      ? r.seats
      : Array.isArray(r.tokens)
        ? r.tokens.map((t: { seat?: unknown }) => t?.seat)
        : [];
    if (typeof r.next !== 'string' || !seats.every((s) => Number.isInteger(s) && s >= 0)) return null;
    return { next: r.next, seats: seats as Seat[] };
  } catch {
    return null;
  }
}

/** A line as sent; one said from a bot account's seat is marked as a bot's. */
function lineOf(row: ChatRow, live: LiveMatch): ChatLine {
  const bot = row.seat !== null && live.row.settings.botSeats?.includes(row.seat) === true;
  return {
    channel: row.channel,
    from: { seat: row.seat, name: row.name, ...(bot ? { bot } : {}) },
    text: row.text,
    at: row.at,
  };
}
