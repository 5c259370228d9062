import type { Logger } from 'pino';
import { err, ok, type Result, type Seat } from '@roundtable/core';
import type { ChatLine, ClientMessage, SeatRequest } from '@roundtable/protocol';
import type { Me } from '../accounts/service.ts';
import type { AccountStore, ChatRow } from '../accounts/store.ts';
import type { LiveMatch, Listener } from '../live-match.ts';
import type { MatchService } from '../match-service.ts';

/** A connection as the table sees it: a listener that may mute the chat and may be signed in (its cookie). */
export interface TableListener extends Listener {
  muted: boolean;
  account(): Promise<Me | null>;
}

export type TableMessage = Extract<ClientMessage, { t: 'chat' | 'mute' | 'resign' | 'offer' | 'answer' }>;
type OfferKind = 'draw' | 'takeback' | 'rematch';

/** Chat lines kept per match and sent on attach. */
const HISTORY = 200;
/** A connection may say this many lines per window. */
export const CHAT_RATE = { max: 5, seconds: 10 };
/** The level of the bot that takes the seat of a player who resigns a game of three or more, without `abandon`. */
const RESIGN_BOT = 'medium';

const isOver = (live: LiveMatch): boolean => live.status === 'finished' || live.status === 'abandoned' || live.status === 'archived';

/**
 * Who sees a channel. While a game with secrets is played, the players' channel is the seats' alone and the
 * spectators' is the spectators' alone (a spectator could otherwise pass on what a player said of their hand,
 * and players would read kibitzing). In a game without secrets, and once any game is over, everyone reads both.
 */
export function sees(live: LiveMatch, seat: Seat | null, channel: ChatLine['channel']): boolean {
  if (live.game.perfectInformation || isOver(live)) return true;
  return channel === 'players' ? seat !== null : seat === null;
}

interface Offer {
  readonly by: Seat;
  readonly ply: number;
  readonly accepted: Set<Seat>;
}

/**
 * The social side of a table over the WebSocket: chat (two channels, history, mute, a rate), resignation, and
 * offers the other players answer (a draw in Camelot, a rematch after the end). Offers live in memory with the
 * match: a restart forgets them (they are asked again).
 */
export class Table {
  private readonly said = new WeakMap<Listener, number[]>();
  private readonly offers = new WeakMap<LiveMatch, Map<OfferKind, Offer>>();

  constructor(private readonly service: MatchService, private readonly store: AccountStore, private readonly log: Logger) {}

  /** After `attached`: the chat this listener may see. */
  async attached(live: LiveMatch, listener: TableListener): Promise<void> {
    const rows = await this.store.chat(live.id, HISTORY).catch((e: unknown) => {
      this.log.warn({ err: e, match: live.id }, 'could not read the chat');
      return [] as ChatRow[];
    });
    if (!live.listeners.has(listener)) return;
    const lines = rows.filter((r) => sees(live, listener.seat, r.channel)).map(lineOf);
    listener.send(JSON.stringify({ t: 'chat-history', match: live.id, lines }));
  }

  async handle(live: LiveMatch, listener: TableListener, msg: TableMessage): Promise<Result<Record<string, unknown> | null>> {
    switch (msg.t) {
      case 'mute':
        listener.muted = msg.on;
        return ok({ t: 'muted', on: msg.on });
      case 'chat':
        return this.chat(live, listener, msg.text);
      case 'resign':
        return this.resign(live, listener);
      case 'offer':
        return this.offer(live, listener, msg.kind);
      case 'answer':
        return this.answer(live, listener, msg.kind, msg.accept);
    }
  }

  // ------------------------------------------------------------------------------------------------------
  // Chat

  private async chat(live: LiveMatch, listener: TableListener, text: string): Promise<Result<null>> {
    const now = Date.now();
    const times = (this.said.get(listener) ?? []).filter((t) => t > now - CHAT_RATE.seconds * 1000);
    if (times.length >= CHAT_RATE.max) return err({ code: 'CHAT_RATE_LIMITED', ...CHAT_RATE });
    let name: string | null;
    if (listener.seat !== null) {
      name = live.seats[listener.seat]?.name ?? null;
    } else {
      const me = await listener.account();
      if (!me) return err({ code: 'CHAT_NEEDS_ACCOUNT' });
      name = me.name;
    }
    times.push(now);
    this.said.set(listener, times);
    const row: ChatRow = { matchId: live.id, channel: listener.seat !== null ? 'players' : 'spectators', seat: listener.seat, name, text, at: now };
    try {
      await this.store.appendChat(row);
    } catch (e) {
      this.log.error({ err: e, match: live.id }, 'could not store a chat line');
      return err({ code: 'STORAGE' });
    }
    const out = JSON.stringify({ t: 'chat', match: live.id, ...lineOf(row) });
    for (const l of live.listeners) {
      if ((l as Partial<TableListener>).muted || !sees(live, l.seat, row.channel)) continue;
      l.send(out);
    }
    return ok(null);
  }

  // ------------------------------------------------------------------------------------------------------
  // Resigning

  private async resign(live: LiveMatch, listener: TableListener): Promise<Result<null>> {
    const seat = listener.seat;
    if (seat === null || live.seats[seat]?.kind !== 'human') return err({ code: 'NOT_A_PLAYER' });
    if (live.status !== 'active') return err({ code: live.status === 'open' ? 'NOT_STARTED' : 'MATCH_CLOSED', status: live.status });
    if (live.row.players === 2) {
      const ended = await this.service.end(live, { winners: [1 - seat], draw: false, reason: 'resignation' });
      return ended.ok ? ok(null) : ended;
    }
    // With three or more the game goes on: a bot plays the seat (the rules need every seat).
    if (live.pendingWrites > 0) return err({ code: 'MOVE_PENDING' });
    await this.service.handToBot(live, [seat], live.row.settings.abandon?.bot ?? RESIGN_BOT);
    return ok(null);
  }

  // ------------------------------------------------------------------------------------------------------
  // Offers

  private allowed(live: LiveMatch, seat: Seat, kind: OfferKind): boolean {
    if (kind === 'draw') return live.game.id === 'camelot' && live.status === 'active';
    // A takeback in a game with secrets would show what was seen in between again, differently.
    if (kind === 'takeback') return live.game.perfectInformation && live.status === 'active' && live.ply > 0;
    return isOver(live) && live.status !== 'archived' && live.seats[seat]?.kind === 'human';
  }

  private async offer(live: LiveMatch, listener: TableListener, kind: OfferKind): Promise<Result<null>> {
    const seat = listener.seat;
    if (seat === null || live.seats[seat]?.kind !== 'human') return err({ code: 'NOT_A_PLAYER' });
    if (!this.allowed(live, seat, kind)) return err({ code: 'OFFER_NOT_ALLOWED', kind });
    const offers = this.offers.get(live) ?? new Map<OfferKind, Offer>();
    this.offers.set(live, offers);
    const offer: Offer = { by: seat, ply: live.ply, accepted: new Set([seat]) };
    offers.set(kind, offer);
    this.tellPlayers(live, { t: 'offer', match: live.id, kind, by: seat });
    return this.settle(live, kind, offer);
  }

  private async answer(live: LiveMatch, listener: TableListener, kind: OfferKind, accept: boolean): Promise<Result<null>> {
    const seat = listener.seat;
    if (seat === null || live.seats[seat]?.kind !== 'human') return err({ code: 'NOT_A_PLAYER' });
    const offer = this.offers.get(live)?.get(kind);
    // An offer made before a move was played has lapsed.
    if (!offer || offer.by === seat || offer.ply !== live.ply || !this.allowed(live, seat, kind)) return err({ code: 'NO_OFFER', kind });
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

  /** A new match with the same game, options, clock, seats and rating; each seat gets its new token. */
  private async rematch(live: LiveMatch): Promise<Result<null>> {
    const s = live.row.settings;
    const seats: SeatRequest[] = live.seats.map((row) =>
      row.kind === 'bot' && row.level ? { kind: 'bot', level: row.level } : { kind: 'human', ...(row.name ? { name: row.name } : {}) },
    );
    const created = await this.service.create({
      game: live.game.id,
      options: { ...live.row.options },
      seats,
      ...(s.clock ? { clock: s.clock } : {}),
      ...(s.abandon ? { abandon: s.abandon } : {}),
      ...(s.rated ? { rated: true } : {}),
    });
    if (!created.ok) return created;
    const next = created.value.match.id;
    const holders = await this.store.matchSeats(live.id);
    for (const h of holders) await this.store.addSeat(h.accountId, next, h.seat, Date.now());
    for (const { seat, token } of created.value.tokens) {
      const text = JSON.stringify({ t: 'rematch', match: live.id, next, seat, token });
      for (const l of live.listeners) if (l.seat === seat) l.send(text);
    }
    return ok(null);
  }

  private tellPlayers(live: LiveMatch, message: Record<string, unknown>): void {
    const text = JSON.stringify(message);
    for (const l of live.listeners) if (l.seat !== null) l.send(text);
  }
}

function lineOf(row: ChatRow): ChatLine {
  return { channel: row.channel, from: { seat: row.seat, name: row.name }, text: row.text, at: row.at };
}
