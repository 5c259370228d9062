import { DEFAULTS, type ServerConfig } from '../config.ts';

/**
 * What the primary and its workers say to each other on a worker's IPC channel, besides the bus's own frames
 * (key `rtbus`, cluster/ipc-bus.ts and hub.ts). Each side checks what it receives: the channel carries the
 * bytes of strangers' connections, and a malformed message must cost one connection, never a process.
 */

/** The environment variable that gives a worker its shard and the primary's config, as JSON of a `WorkerSpec`. */
export const WORKER_ENV = 'ROUNDTABLE_WORKER';

export interface WorkerSpec {
  /** This worker's shard, 0 ≤ index < count; fixed across its restarts. */
  readonly index: number;
  readonly count: number;
  readonly config: ServerConfig;
}

/**
 * Primary → worker, sent with the connection's socket as the handle: serve this connection. `head` (base64) is
 * what the primary read of it to choose the worker — at least the request line — and the worker's HTTP server
 * reads it first.
 */
export interface HandOver {
  readonly rtsock: { readonly head: string };
}

/** Worker → primary, once, when its server is up: connections may come. */
export interface Ready {
  readonly rtready: true;
}

/**
 * The most the primary reads of a connection before it chooses a worker: the request line is in there or the
 * connection goes round-robin. One more read (up to 64 KiB) may come with the last piece; a worker refuses a
 * head longer than `MAX_HANDED`.
 */
export const MAX_LINE = 16 * 1024;
export const MAX_HANDED = MAX_LINE + 64 * 1024;

export function handOver(head: Buffer): HandOver {
  return { rtsock: { head: head.toString('base64') } };
}

/** The bytes read ahead of a hand-over, or null when `message` is not a well-formed one. */
export function handedHead(message: unknown): Buffer | null {
  if (typeof message !== 'object' || message === null) return null;
  const sock = (message as { rtsock?: unknown }).rtsock;
  if (typeof sock !== 'object' || sock === null) return null;
  const head = (sock as { head?: unknown }).head;
  // base64 is 4 characters for 3 bytes.
  if (typeof head !== 'string' || head.length > Math.ceil(MAX_HANDED / 3) * 4 || !/^[A-Za-z0-9+/]*={0,2}$/.test(head))
    return null;
  return Buffer.from(head, 'base64');
}

export const READY: Ready = { rtready: true };

export function isReady(message: unknown): message is Ready {
  return typeof message === 'object' && message !== null && (message as { rtready?: unknown }).rtready === true;
}

/**
 * The worker's spec from its environment. The primary wrote it from a config it had validated; it is checked
 * here again for its shape (each field of the type the defaults have), so that a worker started by hand or by a
 * different build fails at once with a message rather than later on an odd value.
 */
export function readWorkerSpec(env: NodeJS.ProcessEnv): WorkerSpec {
  const raw = env[WORKER_ENV];
  if (raw === undefined)
    throw new Error(`${WORKER_ENV} is not set: a worker is started by the primary (serve --processes N)`);
  let spec: unknown;
  try {
    spec = JSON.parse(raw);
  } catch {
    throw new Error(`${WORKER_ENV} is not JSON`);
  }
  const { index, count, config } = (spec ?? {}) as { index?: unknown; count?: unknown; config?: unknown };
  if (
    typeof count !== 'number' ||
    !Number.isInteger(count) ||
    count < 1 ||
    count > 64 ||
    typeof index !== 'number' ||
    !Number.isInteger(index) ||
    index < 0 ||
    index >= count
  )
    throw new Error(`${WORKER_ENV}: index and count must be whole numbers, 0 ≤ index < count ≤ 64`);
  const wrong = misfit(config, DEFAULTS, 'config');
  if (wrong !== null) throw new Error(`${WORKER_ENV}: ${wrong} is missing or of the wrong type`);
  return { index, count, config: config as ServerConfig };
}

/** The first path under `value` whose type is not the one `model` has there (null in the model: any scalar). */
function misfit(value: unknown, model: unknown, path: string): string | null {
  if (model === null) return value === null || typeof value !== 'object' ? null : path;
  if (typeof model !== 'object') return typeof value === typeof model ? null : path;
  if (typeof value !== 'object' || value === null) return path;
  for (const [key, inner] of Object.entries(model)) {
    const wrong = misfit((value as Record<string, unknown>)[key], inner, `${path}.${key}`);
    if (wrong !== null) return wrong;
  }
  return null;
}
