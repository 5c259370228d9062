import type { Logger } from 'pino';
import type { Lang, Seat } from '@roundtable/core';
import { gameById } from '@roundtable/catalog';
import { DEFAULT_PREFS, type NoticeKind, type NoticePrefs, type PushPayload } from '@roundtable/protocol';
import type { AccountStore } from '../accounts/store.ts';
import type { JobKind, JobQueue } from '../jobs/index.ts';
import type { LiveMatch } from '../live-match.ts';
import type { MatchService } from '../match-service.ts';
import type { NoticeStore } from '../notices/store.ts';
import { PushUnavailable, sendPush, topicOf, type Vapid } from './sender.ts';
import { noticeWords } from './words.ts';

/** One thing to tell one seat about one match (a job: decided where the match is played, sent anywhere). */
interface NoticeJob {
  /** `back`: a player is back from vacation (vacation/), told with the `turn` preference, once per vacation. */
  readonly kind: NoticeKind | 'back';
  readonly match: string;
  readonly game: string;
  readonly seat: Seat;
  readonly ply: number;
  readonly names: readonly string[];
  readonly offer?: 'draw' | 'takeback' | 'rematch';
}

/** One push to one device. */
interface PushJob {
  readonly subscription: string;
  readonly payload: PushPayload;
  readonly topic: string;
  readonly ttlSeconds: number;
  readonly urgency: 'normal' | 'high';
}

/**
 * The least time between two pushes of a kind about one match to one account (a fast game with an absent player
 * rings once a while, not at every move); a later turn, offer or clock of the same match within it is dropped.
 */
export const PUSH_GAP_MS: Record<NoticeKind, number> = { turn: 120_000, started: 0, offer: 60_000, clock: 0 };
/** How long a push service keeps a push for a device that is off. */
const TTL_SECONDS: Record<NoticeKind, number> = { turn: 12 * 3600, started: 24 * 3600, offer: 3600, clock: 3600 };
/**
 * A low clock is told when a quarter of the seat's time is left (of the time per move, or of a Fischer bank's base),
 * only when that quarter is at least 5 minutes: in a faster game the push would come too late to help.
 */
export const LOW_CLOCK = { fraction: 0.25, minMs: 5 * 60_000 };

export interface NoticesOptions {
  readonly store: NoticeStore;
  readonly accounts: AccountStore;
  readonly jobs: JobQueue;
  readonly service: MatchService;
  readonly vapid: Vapid;
  readonly log: Logger;
  /** The first retry's wait (doubled at each retry): 30 s, tests pass less. */
  readonly retrySeconds: number;
  /** The least low-clock window that is told (LOW_CLOCK.minMs; tests pass less). */
  readonly lowClockMinMs?: number;
}

/**
 * Calls players back when no page of theirs is open: Web Push to every device of their account, in each device's
 * language. The match's owner decides (its hooks: a turn, a start, an offer; a low clock is planned with the turn)
 * and queues one job per account and notice; the job, run once by any process, checks the player's preferences and
 * the rate, then queues one push per device, each retried on its own while its push service is down.
 */
export class Notices {
  /** Told of each turn noticed for an account (mail/digest.ts plans its digest). */
  onTurnNoticed: ((accountId: string) => void) | null = null;

  private constructor(private readonly o: NoticesOptions) {}

  static async start(o: NoticesOptions): Promise<Notices> {
    const n = new Notices(o);
    const kind = (name: string, retryLimit: number): JobKind => ({
      name,
      retryLimit,
      retryDelaySeconds: o.retrySeconds,
      expireSeconds: 60,
    });
    await o.jobs.define(kind('notice', 5));
    await o.jobs.define(kind('push', 12));
    await o.jobs.work<NoticeJob>('notice', { concurrency: 1 }, (job) => n.notice(job));
    await o.jobs.work<PushJob>('push', { concurrency: 2 }, (job) => n.push(job));
    return n;
  }

  async prefs(accountId: string): Promise<NoticePrefs> {
    return (await this.o.store.prefs(accountId)) ?? DEFAULT_PREFS;
  }

  // ------------------------------------------------------------------------------------------------------
  // The hooks, on the match's owner

  /** Seats may have come to move: those connected nowhere are told, and their low clock is planned. */
  turn(live: LiveMatch): void {
    // Called after every move: when every seat to move is connected (the usual case), nothing is allocated.
    const toMove = live.toMove();
    if (toMove.every((s) => live.seats[s]?.kind !== 'human' || live.connected(s))) return;
    this.tell(
      live,
      'turn',
      toMove.filter((s) => live.seats[s]?.kind === 'human'),
      {},
    );
  }

  started(live: LiveMatch): void {
    this.tell(
      live,
      'started',
      live.seats.filter((s) => s.kind === 'human').map((s) => s.seat),
      {},
    );
  }

  offer(live: LiveMatch, by: Seat, kind: 'draw' | 'takeback' | 'rematch'): void {
    const others = live.seats.filter((s) => s.kind === 'human' && s.seat !== by).map((s) => s.seat);
    this.tell(live, 'offer', others, { offer: kind, from: by });
  }

  /** A player is back from vacation: the other players of the match are told (once: vacation/ tells it once). */
  back(live: LiveMatch, by: Seat, seats: readonly Seat[]): void {
    this.tell(live, 'back', seats, { from: by });
  }

  private tell(
    live: LiveMatch,
    kind: NoticeJob['kind'],
    seats: readonly Seat[],
    extra: { offer?: NoticeJob['offer']; from?: Seat },
  ): void {
    const connected = new Set(live.seatInfo().flatMap((s) => (s.connected ? [s.seat] : [])));
    const ply = live.ply;
    for (const seat of seats.filter((s) => !connected.has(s))) {
      const names =
        extra.from !== undefined
          ? [this.nameOf(live, extra.from)]
          : live.seats.filter((s) => s.seat !== seat && s.kind === 'human').map((s) => this.nameOf(live, s.seat));
      const job: NoticeJob = {
        kind,
        match: live.id,
        game: live.game.id,
        seat,
        ply,
        names,
        ...(extra.offer ? { offer: extra.offer } : {}),
      };
      // Which account holds the seat is read when the job runs: a seat just taken is recorded right after the
      // start (social/people.ts), so the start is told a moment later.
      void this.o.jobs
        .send('notice', job, {
          key: `${kind}:${live.id}:${seat}:${ply}`,
          ...(kind === 'started' ? { delayMs: 1000 } : {}),
        })
        .then(() => (kind === 'turn' ? this.planLowClock(live, job) : undefined))
        .catch((e: unknown) => this.o.log.warn({ err: e, match: live.id, kind }, 'notices: could not queue a notice'));
    }
  }

  private async planLowClock(live: LiveMatch, job: NoticeJob): Promise<void> {
    const clock = live.row.settings.clock as { moveSeconds: number; baseSeconds?: number } | null;
    const deadline = live.deadline;
    if (!clock || deadline === null) return;
    const window = (clock.baseSeconds ?? clock.moveSeconds) * 1000 * LOW_CLOCK.fraction;
    const at = deadline - window;
    if (window < (this.o.lowClockMinMs ?? LOW_CLOCK.minMs) || at <= Date.now()) return;
    await this.o.jobs.send(
      'notice',
      { ...job, kind: 'clock' },
      { key: `clock:${live.id}:${job.seat}:${job.ply}`, delayMs: at - Date.now() },
    );
  }

  private nameOf(live: LiveMatch, seat: Seat): string {
    return live.seats[seat]?.name ?? `#${seat + 1}`;
  }

  // ------------------------------------------------------------------------------------------------------
  // The jobs, on any process

  private async notice(job: NoticeJob): Promise<void> {
    let leftMs: number | undefined;
    // A turn or a clock told late (a retry, a delay) is told only if it is still so, as far as this process knows.
    const live = this.o.service.peek(job.match) ?? (job.kind === 'clock' ? await this.load(job.match) : null);
    if (live && (job.kind === 'turn' || job.kind === 'clock')) {
      const still = live.status === 'active' && live.ply === job.ply && live.toMove().includes(job.seat);
      const here = live.seatInfo()[job.seat]?.connected ?? false;
      if (!still || here) return;
      if (job.kind === 'clock') {
        if (live.deadline === null) return;
        leftMs = live.deadline - Date.now();
      }
    } else if (job.kind === 'clock') return;
    const holders = (await this.o.accounts.matchSeats(job.match)).filter((h) => h.seat === job.seat);
    for (const { accountId } of holders) {
      if (job.kind === 'turn' || job.kind === 'back') this.onTurnNoticed?.(accountId);
      const prefs = await this.prefs(accountId);
      if (!prefs.push[job.kind === 'back' ? 'turn' : job.kind]) continue;
      if (
        job.kind !== 'back' &&
        !(await this.o.store.claimPush(accountId, job.match, job.kind, job.ply, Date.now(), PUSH_GAP_MS[job.kind]))
      )
        continue;
      await this.pushTo(accountId, job, leftMs);
    }
  }

  private async pushTo(accountId: string, job: NoticeJob, leftMs: number | undefined): Promise<void> {
    const game = gameById(job.game);
    for (const sub of await this.o.store.subscriptions(accountId)) {
      const lang: Lang = sub.lang;
      const words = noticeWords(
        {
          kind: job.kind,
          game: game?.name[lang] ?? job.game,
          names: job.names,
          ...(job.offer ? { offer: job.offer } : {}),
          ...(leftMs !== undefined ? { leftMs } : {}),
        },
        lang,
      );
      const payload: PushPayload = {
        v: 1,
        kind: job.kind,
        match: job.match,
        url: `./#/m/${encodeURIComponent(job.match)}`,
        tag: `match-${job.match}`,
        lang,
        ...words,
      };
      await this.o.jobs.send<PushJob>(
        'push',
        {
          subscription: sub.id,
          payload,
          topic: topicOf(job.match),
          ttlSeconds: job.kind === 'back' ? TTL_SECONDS.started : TTL_SECONDS[job.kind],
          urgency: job.kind === 'turn' || job.kind === 'clock' ? 'high' : 'normal',
        },
        // One waiting per device, match and kind (the service worker shows one notification per match).
        { key: `${sub.id}:${job.match}:${job.kind}` },
      );
    }
  }

  private async load(id: string): Promise<LiveMatch | null> {
    const r = await this.o.service.open(id);
    return r.ok ? r.value : null;
  }

  /** A push to one device: its service said it is gone (the subscription goes), took it, refused it, or is down (retry). */
  async push(job: PushJob): Promise<void> {
    const sub = await this.o.store.subscription(job.subscription);
    if (!sub) return;
    let outcome;
    try {
      outcome = await sendPush(sub, job.payload, this.o.vapid, job);
    } catch (e) {
      if (e instanceof PushUnavailable) this.o.log.info({ device: sub.id, reason: e.message }, 'push: will retry');
      throw e;
    }
    if (outcome === 'gone') {
      await this.o.store.removeSubscription(sub.id, null);
      this.o.log.info({ device: sub.id, account: sub.accountId }, 'push: the device is gone; subscription removed');
    } else if (outcome === 'refused') {
      this.o.log.warn({ device: sub.id }, 'push: refused by the push service');
    } else {
      await this.o.store.touchSubscription(sub.id, Date.now());
    }
  }
}
