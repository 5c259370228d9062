import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { AnyGame } from '@roundtable/core';
import type { JobQueue } from '../jobs/index.ts';
import { dayLines, exportChunks, type ExportFormat } from './export.ts';
import type { RecordsStore } from './store.ts';

export const DAY_JOB = 'records-day';
const DAY_MS = 86_400_000;
/** How often each process offers the job of the days just ended (the queue's key makes each run once). */
const OFFER_EVERY_MS = 3_600_000;
/** A day is exported once it ended this long ago: the matches that ended just before midnight are stored. */
const GRACE_MS = 15 * 60_000;
/** Days looked back at each offer, so that a server down for a while catches up. */
const CATCH_UP_DAYS = 7;

export const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day `YYYY-MM-DD` a time falls on, and a day's start (ms since the epoch). */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

/** Where a day's file is: `<data>/exports/<game>/<day>.jsonl` (and `.txt`, the record text). */
export function dayFile(dataDir: string, game: string, day: string, format: ExportFormat): string {
  return join(dataDir, 'exports', game, `${day}.${format === 'jsonl' ? 'jsonl' : 'txt'}`);
}

/**
 * One file per game per day (FORMAT.md): a job of the database queue per (game, day), sent by every process each
 * hour under the key `game:day` (a second send while one waits is dropped), and a job that finds its day already
 * made (record_days) does nothing: with several processes each day is made once.
 */
export class DayExports {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: RecordsStore,
    private readonly jobs: JobQueue,
    private readonly games: readonly AnyGame[],
    private readonly dataDir: string,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    await this.jobs.define({ name: DAY_JOB, retryLimit: 5, retryDelaySeconds: 60, expireSeconds: 1800 });
    await this.jobs.work<{ game: string; day: string }>(DAY_JOB, { concurrency: 1 }, (data) =>
      this.make(data.game, data.day).then(() => undefined),
    );
    const offer = (): void => {
      void this.offer(Date.now()).catch((e: unknown) => this.log.error({ err: e }, 'could not offer the day exports'));
    };
    this.timer = setInterval(offer, OFFER_EVERY_MS);
    this.timer.unref();
    offer();
  }

  /** Queues the days ended (with their grace) in the last week that are not made yet. */
  async offer(now: number): Promise<number> {
    let sent = 0;
    const today = dayStart(dayOf(now - GRACE_MS));
    for (let d = 1; d <= CATCH_UP_DAYS; d++) {
      const day = dayOf(today - d * DAY_MS);
      for (const game of this.games) {
        if (await this.store.dayMade(game.id, day)) continue;
        if (await this.jobs.send(DAY_JOB, { game: game.id, day }, { key: `${game.id}:${day}` })) sent++;
      }
    }
    return sent;
  }

  /** Writes a day's two files (each to a temporary name, then renamed) and records the day as made. */
  async make(game: string, day: string): Promise<number> {
    if (!DAY.test(day) || !this.games.some((g) => g.id === game)) return 0;
    const made = await this.store.dayMade(game, day);
    if (made) return made.matches;
    const from = dayStart(day);
    const find = (id: string): AnyGame | undefined => this.games.find((g) => g.id === id);
    let matches = 0;
    for (const format of ['jsonl', 'text'] as const) {
      const path = dayFile(this.dataDir, game, day, format);
      await mkdir(join(this.dataDir, 'exports', game), { recursive: true });
      const counted = { lines: 0 };
      const temp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
      await pipeline(
        Readable.from(exportChunks(dayLines(this.store, game, from, from + DAY_MS), format, find, counted)),
        createWriteStream(temp),
      );
      await rename(temp, path);
      matches = counted.lines;
    }
    await this.store.markDay(game, day, matches, Date.now());
    this.log.info({ game, day, matches }, 'day export made');
    return matches;
  }

  /** The day's file here, if this process's data folder has it. */
  async localFile(game: string, day: string, format: ExportFormat): Promise<string | null> {
    const path = dayFile(this.dataDir, game, day, format);
    return (await stat(path).catch(() => null))?.isFile() ? path : null;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
