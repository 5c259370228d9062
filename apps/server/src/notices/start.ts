import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import webpush from 'web-push';
import { EmailService } from '../accounts/email.ts';
import { LinkSigner } from '../accounts/email-links.ts';
import { registerEmailRoutes } from '../accounts/email-routes.ts';
import type { AccountService } from '../accounts/service.ts';
import type { JobQueue } from '../jobs/index.ts';
import { Digests, DIGEST_WAIT_MS } from '../mail/digest.ts';
import { Mailer } from '../mail/mailer.ts';
import type { MatchService } from '../match-service.ts';
import { Notices } from '../push/notices.ts';
import { registerPushRoutes } from '../push/routes.ts';
import type { Vapid } from '../push/sender.ts';
import type { Table } from '../social/table.ts';
import type { People } from '../social/people.ts';
import { PostgresStore } from '../storage/postgres.ts';
import type { Store } from '../storage/store.ts';
import { PostgresNoticeStore } from './postgres-store.ts';
import { SqliteNoticeStore } from './sqlite-store.ts';
import type { Guard } from '../limits/guard.ts';
import type { NoticeStore } from './store.ts';

export interface CallbacksOptions {
  readonly store: Store;
  readonly dataDir: string;
  readonly jobs: JobQueue;
  readonly accounts: AccountService;
  readonly people: People;
  readonly guard: Guard;
  readonly service: MatchService;
  readonly table: Table;
  readonly log: Logger;
  readonly smtp: string | null;
  readonly mailFrom: string | null;
  readonly pushContact: string | null;
  /** The server's public address (known once it listens, when not configured). */
  readonly publicUrl: () => string;
  readonly retrySeconds: number;
  readonly digestWaitMs?: number;
  readonly lowClockMinMs?: number;
  readonly passwordCost?: { N: number; r: number; p: number };
}

export interface Callbacks {
  readonly notices: Notices;
  /** The digests, when e-mail is on (vacation/ adds who is back). */
  readonly digests: Digests | null;
  readonly email: EmailService;
  register(app: FastifyInstance): void;
  close(): Promise<void>;
}

/**
 * Calling players back with every tab closed: Web Push (push/), e-mail when the operator gave an SMTP server
 * (mail/, accounts/email.ts), their store, their jobs, and the hooks of the match service and the table they
 * listen to. Keys (VAPID, the links' signing key) are made at first start and kept in the store, so every process
 * and every restart uses the same ones.
 */
export async function startCallbacks(o: CallbacksOptions): Promise<Callbacks> {
  const store: NoticeStore =
    o.store instanceof PostgresStore ? new PostgresNoticeStore(o.store.pool) : new SqliteNoticeStore(o.dataDir);
  try {
    const keys = JSON.parse(await store.key('vapid', () => JSON.stringify(webpush.generateVAPIDKeys()))) as {
      publicKey: string;
      privateKey: string;
    };
    const from = o.mailFrom ?? `Round Table <roundtable@${hostOf(o.publicUrl())}>`;
    const vapid: Vapid = { ...keys, subject: o.pushContact ?? contactOf(o.publicUrl(), from) };
    const links = new LinkSigner(
      Buffer.from(await store.key('mail-links', () => randomBytes(32).toString('base64url')), 'base64url'),
    );
    const notices = await Notices.start({
      store,
      accounts: o.accounts.store,
      jobs: o.jobs,
      service: o.service,
      vapid,
      log: o.log,
      retrySeconds: o.retrySeconds,
      ...(o.lowClockMinMs !== undefined ? { lowClockMinMs: o.lowClockMinMs } : {}),
    });
    const mailer = o.smtp
      ? await Mailer.start({ smtp: o.smtp, from, store, jobs: o.jobs, log: o.log, retrySeconds: o.retrySeconds })
      : null;
    const email = new EmailService(store, o.accounts.store, mailer, links, o.publicUrl, o.guard, o.passwordCost);
    let digests: Digests | null = null;
    if (mailer) {
      const started = await Digests.start({
        store,
        accounts: o.accounts.store,
        people: o.people,
        jobs: o.jobs,
        mailer,
        email,
        publicUrl: o.publicUrl,
        log: o.log,
        waitMs: o.digestWaitMs ?? DIGEST_WAIT_MS,
        retrySeconds: o.retrySeconds,
      });
      digests = started;
      notices.onTurnNoticed = (account) =>
        void started.plan(account).catch((e: unknown) => o.log.warn({ err: e, account }, 'could not plan a digest'));
    }
    // The hooks: called where each match is played (its owner), once per event.
    o.service.onTurn = (live) => notices.turn(live);
    o.service.onStarted = (live) => notices.started(live);
    o.table.onOffer = (live, by, kind) => notices.offer(live, by, kind);
    return {
      notices,
      digests,
      email,
      register(app) {
        registerPushRoutes(app, o.accounts, store, notices, keys.publicKey);
        registerEmailRoutes(app, o.accounts, email);
      },
      async close() {
        mailer?.close();
        await store.close();
      },
    };
  } catch (e) {
    await store.close();
    throw e;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/** Push services want a way to reach the operator: the public site if it is https, else the From address. */
function contactOf(publicUrl: string, from: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return `mailto:${address}`;
}
