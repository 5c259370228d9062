import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { JobQueue } from '../jobs/index.ts';
import type { NoticeStore } from '../notices/store.ts';

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A mail to send once: `id` names it (a retry after a crash finds it sent and does not send it again). */
interface MailJob extends Mail {
  readonly id: string;
}

const TIMEOUT_MS = 15_000;

/**
 * Mail out through the operator's SMTP server (nodemailer), from the job queue: a mail is queued, sent once by any
 * process, and retried with a growing wait (from `retrySeconds`, doubled each time up to a day, for days) while
 * the SMTP server is down or refuses it for now: nothing is lost, and the server never waits for it.
 */
export class Mailer {
  private constructor(
    private readonly transport: Transporter,
    readonly from: string,
    private readonly jobs: JobQueue,
  ) {}

  static async start(o: {
    readonly smtp: string;
    readonly from: string;
    readonly store: NoticeStore;
    readonly jobs: JobQueue;
    readonly log: Logger;
    readonly retrySeconds: number;
  }): Promise<Mailer> {
    const transport = nodemailer.createTransport({
      url: o.smtp,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    });
    const mailer = new Mailer(transport, o.from, o.jobs);
    await o.jobs.define({ name: 'mail', retryLimit: 16, retryDelaySeconds: o.retrySeconds, expireSeconds: 120 });
    await o.jobs.work<MailJob>('mail', { concurrency: 1 }, async (job) => {
      if (await o.store.mailSent(job.id)) return;
      try {
        await transport.sendMail({
          from: mailer.from,
          to: job.to,
          subject: job.subject,
          text: job.text,
          html: job.html,
          ...(job.headers ? { headers: { ...job.headers } } : {}),
        });
      } catch (e) {
        o.log.info({ mail: job.id, reason: (e as Error).message }, 'mail: not sent now; will retry');
        throw e;
      }
      await o.store.recordMail(job.id, Date.now());
    });
    return mailer;
  }

  /** Queues a mail; a second one with the same id while the first waits is the same mail. */
  async queue(id: string, mail: Mail): Promise<void> {
    await this.jobs.send<MailJob>('mail', { id, ...mail }, { key: id });
  }

  close(): void {
    this.transport.close();
  }
}
