import type { Logger } from 'pino';
import { err, ok, type Lang, type Result, type Seat } from '@roundtable/core';
import type { HeldAnswer } from '@roundtable/protocol';
import type { LiveMatch } from '../live-match.ts';
import type { MatchService } from '../match-service.ts';
import { startOf } from '../match/rebuild.ts';
import type { Store } from '../storage/store.ts';
import type { HoldRow, HoldStore } from './store.ts';
import { heldLines } from './summary.ts';

/** The level of the bot that holds a seat when the match's creator chose none. */
export const DEFAULT_HOLD_BOT = 'easy';

export interface AbsenceOptions {
  /** Without a clock: how long a seat to move may be connected nowhere before a bot holds it (ms). */
  readonly waitMs: number;
  /** How often the matches in memory are looked at for such seats (ms). */
  readonly checkMs: number;
}

/**
 * Seats held by a bot for a player who is gone, in matches of three or more, so the others' game goes on: a seat
 * whose clock runs out (the clock keeper asks `holder`), or, without a clock, one to move and connected nowhere
 * for the absence wait. The bot plays from that seat's view only (bots/driver.ts). When its person attaches again
 * with the seat's token (or account), the seat is theirs at once (a move the bot is thinking of is dropped); the
 * span is kept, for the summary of what the seat saw meanwhile and for the marks on the bot's moves.
 */
export class Absence {
  private readonly timer: NodeJS.Timeout;
  /** Seats to move and connected nowhere (no clock): since when, at which ply. */
  private readonly gone = new WeakMap<LiveMatch, Map<Seat, { since: number; ply: number }>>();

  constructor(
    private readonly holds: HoldStore,
    private readonly matches: Store,
    private readonly service: MatchService,
    private readonly log: Logger,
    private readonly options: AbsenceOptions,
  ) {
    this.timer = setInterval(() => void this.check(), options.checkMs);
    this.timer.unref();
  }

  /** The level of the bot that holds a gone player's seat in this match, or null when seats are not held. */
  levelOf(live: LiveMatch): string | null {
    const hold = live.row.settings.hold;
    if (live.row.players <= 2 || hold === 'off') return null;
    // A match made with an `abandon` bot and no `hold`: its creator chose that level for seats gone.
    return hold?.bot ?? live.row.settings.abandon?.bot ?? DEFAULT_HOLD_BOT;
  }

  /** For the clock keeper: late seats are held (recorded here; the keeper hands them to the bot). */
  async holder(live: LiveMatch, late: readonly Seat[]): Promise<string | null> {
    const level = this.levelOf(live);
    if (level === null) return null;
    for (const seat of late) await this.record(live, seat, level);
    return level;
  }

  private async record(live: LiveMatch, seat: Seat, level: string): Promise<void> {
    const row: HoldRow = { matchId: live.id, seat, fromPly: live.ply, toPly: null, level, at: Date.now() };
    await this.holds.add(row);
    this.log.info({ match: live.id, seat, level, ply: live.ply }, 'a bot holds the seat of a player gone');
  }

  /** A seat's connection attached: if a bot holds it for this person, it is theirs again. */
  attached(live: LiveMatch, seat: Seat): void {
    if (live.status !== 'active' || live.seats[seat]?.kind !== 'bot' || live.seats[seat]?.tokenHash === null) return;
    void this.giveBack(live, seat).catch((e: unknown) =>
      this.log.warn({ err: (e as Error)?.message, match: live.id, seat }, 'absence: a seat could not be given back'),
    );
  }

  private async giveBack(live: LiveMatch, seat: Seat): Promise<void> {
    const open = (await this.holds.of(live.id)).find((h) => h.seat === seat && h.toPly === null);
    if (!open) return;
    // At once: a move the bot is still thinking of is dropped when it comes. The seat changes on the match's
    // owner, which may be another process (the person attached here, the change is forwarded there); an owner
    // busy with a write may answer MOVE_PENDING, which is waited out.
    let given = await this.service.giveBack(live, seat);
    for (let i = 0; i < 600 && !given.ok && given.error.code === 'MOVE_PENDING'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      given = await this.service.giveBack(live, seat);
    }
    if (!given.ok) {
      this.log.info({ match: live.id, seat, error: given.error.code }, 'absence: seat not given back');
      return;
    }
    // The ply as the owner had it (this copy may not have heard of the bot's last move yet).
    const { ply } = given.value;
    await this.holds.close(live.id, seat, open.fromPly, ply);
    this.log.info({ match: live.id, seat, ply }, 'a seat held by a bot is its player’s again');
  }

  /** Without a clock: seats to move, connected nowhere for the absence wait, while someone else is there. */
  private check(): void {
    const now = Date.now();
    for (const live of this.service.memory.values()) {
      if (live.status !== 'active' || live.row.settings.clock || this.service.follows(live)) continue;
      const level = this.levelOf(live);
      if (level === null) continue;
      // Only while someone else is at the table waiting: when everybody has gone, the match simply waits.
      const toMove = live.toMove();
      const waiting = live.seats.some((s) => s.kind === 'human' && live.connected(s.seat));
      if (!waiting) {
        this.gone.delete(live);
        continue;
      }
      const gone = this.gone.get(live) ?? new Map<Seat, { since: number; ply: number }>();
      this.gone.set(live, gone);
      for (const seat of [...gone.keys()]) {
        const g = gone.get(seat)!;
        if (!toMove.includes(seat) || live.connected(seat) || g.ply !== live.ply || live.seats[seat]?.kind !== 'human')
          gone.delete(seat);
      }
      for (const seat of toMove) {
        if (live.seats[seat]?.kind !== 'human' || live.connected(seat)) continue;
        // (Someone connected is someone else: this seat is not.)
        const g = gone.get(seat);
        if (!g) gone.set(seat, { since: now, ply: live.ply });
        else if (now - g.since >= this.options.waitMs) {
          gone.delete(seat);
          void this.hold(live, seat, level);
        }
      }
    }
  }

  private async hold(live: LiveMatch, seat: Seat, level: string): Promise<void> {
    try {
      await this.record(live, seat, level);
      const handed = await this.service.handToBot(live, [seat], level);
      if (!handed.ok) this.log.warn({ match: live.id, seat, error: handed.error.code }, 'absence: seat not held');
    } catch (e) {
      this.log.warn({ err: (e as Error)?.message, match: live.id, seat }, 'absence: seat not held');
    }
  }

  /** Which plies bots played for whom; with a seat's token, what that seat saw during its last hold. */
  async held(
    matchId: string,
    who: { readonly token: string } | { readonly seats: readonly Seat[] } | null,
    lang: Lang,
  ): Promise<Result<HeldAnswer>> {
    const rows = await this.holds.of(matchId);
    const spans = rows.map((h) => ({ seat: h.seat, from: h.fromPly, to: h.toPly, level: h.level }));
    if (who === null) return ok({ spans });
    let live: LiveMatch;
    let seat: Seat;
    if ('token' in who) {
      const found = await this.service.resolveToken(who.token, matchId);
      if (!found.ok) return found;
      ({ live, seat } = found.value);
    } else {
      // A signed-in player's seats (on a device without the token): the one a bot held last.
      const opened = await this.service.open(matchId);
      if (!opened.ok) return opened;
      live = opened.value;
      const mine = rows.filter((h) => who.seats.includes(h.seat)).at(-1);
      if (!mine) return ok({ spans });
      seat = mine.seat;
    }
    const last = rows.filter((h) => h.seat === seat).at(-1);
    if (!last) return ok({ spans });
    const stored = await this.matches.loadMatch(matchId);
    if (!stored) return err({ code: 'NO_SUCH_MATCH', match: matchId });
    const start = startOf(live.game, stored.match);
    if (!start.ok) return start;
    const to = last.toPly ?? stored.moves.length;
    const name = (s: Seat): string => stored.seats[s]?.name ?? live.game.seatName(s, stored.match.players, lang);
    const lines = heldLines(live.game, start.value, stored.moves, seat, last.fromPly, to, lang, name);
    return ok({ spans, summary: { seat, from: last.fromPly, to, lines } });
  }

  close(): void {
    clearInterval(this.timer);
  }
}
