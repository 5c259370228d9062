import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Bus, QueuePushed, QueueSelf } from './bus.ts';

const QUEUE = 'rt:q:';

/**
 * "Play now" across processes: one Redis list per queue. Adds an entry, then takes the first `n` entries at
 * once if there are that many (atomic: two processes never seat the same person twice). An entry of the same
 * account (ARGV[5]), or of the same address (ARGV[4]) unless ARGV[6] is 1, already waiting there refuses the
 * new one (social/matchmaking.ts: nobody is paired with themselves).
 */
const PUSH_AND_TAKE = `
for _, text in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  local ok, e = pcall(cjson.decode, text)
  if ok and type(e) == 'table' then
    if ARGV[5] ~= '' and e.account == ARGV[5] then return 'account' end
    if ARGV[6] ~= '1' and ARGV[4] ~= '' and e.address == ARGV[4] then return 'address' end
  end
end
redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local n = tonumber(ARGV[2])
if redis.call('LLEN', KEYS[1]) >= n then return redis.call('LPOP', KEYS[1], n) end
return false`;

/**
 * The bus of several processes on one PostgreSQL: Redis, with one connection that publishes (and runs the queues)
 * and one that subscribes. Nothing is queued while Redis is away: a publish fails at once rather than arriving late.
 */
export class RedisBus implements Bus {
  readonly name: string;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly stateFns: ((up: boolean) => void)[] = [];

  constructor(
    private readonly url: string,
    log: Logger,
  ) {
    this.name = `Redis at ${describe(url)}`;
    const redisOptions = {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      retryStrategy: (n: number) => Math.min(100 * n, 1000),
    };
    this.pub = new Redis(url, { ...redisOptions, enableOfflineQueue: false });
    this.sub = new Redis(url, redisOptions);
    for (const r of [this.pub, this.sub]) {
      r.on('error', (e: Error) => log.debug({ err: e.message }, 'redis'));
      r.on('close', () => this.tell(false));
      r.on('ready', () => this.tell(true));
    }
  }

  private tell(up: boolean): void {
    for (const fn of this.stateFns) fn(up);
  }

  async connect(): Promise<void> {
    try {
      await Promise.all([this.pub.connect(), this.sub.connect()]);
    } catch (e) {
      this.close();
      throw new Error(`cannot reach ${this.name}: ${(e as Error).message}`, { cause: e });
    }
  }

  async subscribe(channel: string): Promise<void> {
    await this.sub.subscribe(channel);
  }

  async unsubscribe(channel: string): Promise<void> {
    await this.sub.unsubscribe(channel);
  }

  onMessage(fn: (channel: string, text: string) => void): void {
    this.sub.on('message', fn);
  }

  async publish(batch: readonly { readonly channel: string; readonly text: string }[]): Promise<(Error | number)[]> {
    if (batch.length === 1) {
      const m = batch[0]!;
      return this.pub.publish(m.channel, m.text).then(
        (n) => [n],
        (e: unknown) => [asError(e)],
      );
    }
    try {
      const pipe = this.pub.pipeline();
      for (const m of batch) pipe.publish(m.channel, m.text);
      const results = await pipe.exec();
      return batch.map((_, i) => {
        const [e, n] = results?.[i] ?? [new Error('no answer from Redis'), 0];
        return e ? asError(e) : Number(n);
      });
    } catch (e) {
      return batch.map(() => asError(e));
    }
  }

  /** Redis does not say who subscribes without a round trip: anybody might. */
  wanted(): boolean {
    return true;
  }

  up(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  onState(fn: (up: boolean) => void): void {
    this.stateFns.push(fn);
  }

  async queuePush(key: string, entry: string, players: number, ttlMs: number, self: QueueSelf): Promise<QueuePushed> {
    const taken = (await this.pub.eval(
      PUSH_AND_TAKE,
      1,
      QUEUE + key,
      entry,
      players,
      Math.max(1000, Math.round(ttlMs)),
      self.address ?? '',
      self.account ?? '',
      self.sameAddress ? '1' : '0',
    )) as string[] | string | null;
    if (taken === 'address' || taken === 'account') return taken;
    return Array.isArray(taken) ? taken : null;
  }

  async queueRestore(key: string, entries: readonly string[]): Promise<void> {
    if (entries.length > 0) await this.pub.lpush(QUEUE + key, ...[...entries].reverse());
  }

  async queueRemove(key: string, entry: string): Promise<boolean> {
    return (await this.pub.lrem(QUEUE + key, 1, entry)) > 0;
  }

  async queueEntries(key: string): Promise<string[]> {
    return this.pub.lrange(QUEUE + key, 0, -1);
  }

  close(): void {
    this.pub.disconnect();
    this.sub.disconnect();
  }
}

function asError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

function describe(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    u.username = '';
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'the Redis URL';
  }
}
