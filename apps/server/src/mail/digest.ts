import type { Logger } from 'pino';
import { gameById } from '@roundtable/catalog';
import { DEFAULT_PREFS } from '@roundtable/protocol';
import type { EmailService } from '../accounts/email.ts';
import type { AccountStore } from '../accounts/store.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { NoticeStore } from '../notices/store.ts';
import type { People } from '../social/people.ts';
import type { Mailer } from './mailer.ts';
import { digestMail, type DigestBack, type DigestLine } from './templates.ts';

/** The first digest after a turn waits this long: the player may come and move, and other turns join it. */
export const DIGEST_WAIT_MS = 15 * 60_000;

/**
 * The digest of the matches waiting for a player's move, mailed to a verified address at most once per interval
 * the player chose (12 hours to a week; 0: never). A turn told to an absent player plans one (a job keyed by the
 * account: one waits at a time), not before the last digest plus the interval; when it runs it lists the matches
 * still waiting for the player, and sends nothing if none is.
 */
export class Digests {
  /** Opponents of the account back from vacation between `since` and `now` (vacation/ sets it), told in the digest. */
  backSince: ((accountId: string, since: number, now: number, lang: 'en' | 'fr') => Promise<DigestBack[]>) | null =
    null;

  private constructor(
    private readonly o: {
      readonly store: NoticeStore;
      readonly accounts: AccountStore;
      readonly people: People;
      readonly jobs: JobQueue;
      readonly mailer: Mailer;
      readonly email: EmailService;
      readonly publicUrl: () => string;
      readonly log: Logger;
      readonly waitMs: number;
    },
  ) {}

  static async start(o: Digests['o'] & { readonly retrySeconds: number }): Promise<Digests> {
    const d = new Digests(o);
    await o.jobs.define({ name: 'digest', retryLimit: 5, retryDelaySeconds: o.retrySeconds, expireSeconds: 120 });
    await o.jobs.work<{ account: string }>('digest', { concurrency: 1 }, (job) => d.run(job.account));
    return d;
  }

  /** A turn was told to this account's absent player: a digest is planned, if it gets them. */
  async plan(accountId: string, now = Date.now()): Promise<void> {
    const row = await this.o.store.email(accountId);
    if (!row || row.verifiedAt === null) return;
    const hours = ((await this.o.store.prefs(accountId)) ?? DEFAULT_PREFS).digestHours;
    if (hours === 0) return;
    const due = Math.max(now + this.o.waitMs, (row.lastDigestAt ?? 0) + hours * 3600_000);
    await this.o.jobs.send('digest', { account: accountId }, { key: `digest:${accountId}`, delayMs: due - now });
  }

  private async run(accountId: string, now = Date.now()): Promise<void> {
    const row = await this.o.store.email(accountId);
    const account = await this.o.accounts.accountById(accountId);
    if (!row || row.verifiedAt === null || !account) return;
    const hours = ((await this.o.store.prefs(accountId)) ?? DEFAULT_PREFS).digestHours;
    if (hours === 0) return;
    // Never twice in one interval, whatever planned this one.
    if (row.lastDigestAt !== null && row.lastDigestAt + hours * 3600_000 > now) {
      await this.plan(accountId, now);
      return;
    }
    const waiting = (
      await this.o.people.matches({ id: account.id, name: account.name, createdAt: account.createdAt }, 50)
    ).filter((m) => m.yourTurn && m.match.status === 'active');
    const lang = row.lang;
    const back = (await this.backSince?.(accountId, row.lastDigestAt ?? now - hours * 3600_000, now, lang)) ?? [];
    if (waiting.length === 0 && back.length === 0) return;
    const lines: DigestLine[] = waiting.map((m) => ({
      game: gameById(m.match.game)?.name[lang] ?? m.match.game,
      against:
        m.match.seats
          .filter((s) => s.seat !== m.seat)
          .map((s) => s.name ?? (s.kind === 'bot' ? (lang === 'fr' ? 'un robot' : 'a bot') : `#${s.seat + 1}`))
          .join(', ') || '—',
      link: `${this.o.publicUrl()}/#/m/${encodeURIComponent(m.match.id)}`,
    }));
    await this.o.store.setLastDigest(accountId, now);
    await this.o.mailer.queue(
      `digest:${accountId}:${now}`,
      digestMail(lang, row.email, account.name, lines, this.o.email.unsubscribeLink(accountId, row.email), hours, back),
    );
    this.o.log.info({ account: accountId, matches: lines.length }, 'digest queued');
  }
}
