import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { hostname } from 'node:os';
import type { Logger } from 'pino';

/** A frame longer than this closes the connection (a peer gone wrong, or not a peer at all). */
const MAX_FRAME = 4 * 1024 * 1024;
/** Past this many bytes waiting to be written to a peer, the link is dropped and Redis carries the messages. */
const MAX_BACKLOG = 8 * 1024 * 1024;
/** A peer that could not be reached is tried again after this long (ms); Redis carries the messages meanwhile. */
const RETRY_MS = 1000;

export interface LinkOptions {
  /** Where this process listens for the others (host, port; port 0: any free one). */
  readonly host: string;
  readonly port: number;
  /** The address the others use to reach it (host:port); default: the listening host and port. */
  readonly advertise: string | null;
  /** Shared by every process of the cluster (from Redis): a connection that cannot prove it holds it is closed. */
  readonly secret: string;
  readonly log: Logger;
  /** A frame from another process. */
  readonly onFrame: (text: string) => void;
}

interface Peer {
  socket: Socket | null;
  up: boolean;
  /** Frames of this event-loop turn, written together. */
  queue: { text: string; failed?: () => void }[];
  retryAt: number;
}

/**
 * Direct connections between the server processes, for the messages addressed to one process: a move forwarded
 * to a match's owner, the owner's answer, the update that acknowledges a forwarded move. Each goes straight to the
 * process it is for (one hop) instead of through Redis (two hops, and a third process to wake on a busy machine).
 * Redis stays the fallback: `send` answers false when there is no link up to that process yet, and the caller
 * publishes as before. Each process listens on its own address (by default on loopback, any free port) and names
 * it in its node id (`…@host:port`), so the address of a match's owner comes with the owner's name in the lease.
 *
 * Frames are lines of JSON. A connection starts with a challenge: the listener sends a random nonce, the caller
 * answers with its HMAC under the cluster's secret, the listener says `ok` (or closes); nothing else is read
 * before that. Outgoing connections only carry this process's messages: a reply comes back over the other
 * process's own connection to us.
 */
export class Links {
  private readonly peers = new Map<string, Peer>();
  private readonly incoming = new Set<Socket>();
  private flushing = false;
  private closed = false;
  private constructor(
    private readonly server: Server,
    readonly address: string,
    private readonly options: LinkOptions,
  ) {}

  static async start(options: LinkOptions): Promise<Links> {
    let links: Links | null = null;
    const server = createServer((socket) => {
      if (links) links.accept(socket);
      else socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const bound = server.address();
    const port = typeof bound === 'object' && bound ? bound.port : options.port;
    // Listening on every interface: the others reach this machine by its name (or set the address to advertise).
    const host = options.host === '0.0.0.0' || options.host === '::' ? hostname() : options.host;
    const address = options.advertise ?? `${host.includes(':') ? `[${host}]` : host}:${port}`;
    links = new Links(server, address, options);
    return links;
  }

  /** How many other processes this one has a link up to. */
  get connected(): number {
    let n = 0;
    for (const p of this.peers.values()) if (p.up) n++;
    return n;
  }

  /**
   * Queues `text` for process `node` when a link to it is up (true), and writes it once the current work is done.
   * False: no link (yet); a connection is started, and the caller sends through Redis this time.
   */
  send(node: string, text: string, failed?: () => void): boolean {
    if (this.closed) return false;
    const peer = this.peers.get(node);
    if (!peer?.up) {
      this.prepare(node);
      return false;
    }
    peer.queue.push({ text, failed });
    if (!this.flushing) {
      this.flushing = true;
      process.nextTick(() => this.flush());
    }
    return true;
  }

  /** Starts a connection to process `node` if there is none, so that its first message need not go through Redis. */
  prepare(node: string): void {
    if (this.closed) return;
    let peer = this.peers.get(node);
    if (!peer) {
      peer = { socket: null, up: false, queue: [], retryAt: 0 };
      this.peers.set(node, peer);
    }
    if (!peer.up && !peer.socket && Date.now() >= peer.retryAt) this.dial(node, peer);
  }

  private flush(): void {
    this.flushing = false;
    for (const peer of this.peers.values()) {
      if (peer.queue.length === 0) continue;
      const batch = peer.queue;
      peer.queue = [];
      const socket = peer.socket;
      if (!peer.up || !socket) {
        for (const m of batch) m.failed?.();
        continue;
      }
      socket.write(batch.map((m) => m.text).join('\n') + '\n', (e) => {
        if (e) for (const m of batch) m.failed?.();
      });
      if (socket.writableLength > MAX_BACKLOG) socket.destroy(new Error('peer too slow'));
    }
  }

  private dial(node: string, peer: Peer): void {
    const at = node.lastIndexOf('@');
    const target = at < 0 ? null : parseAddress(node.slice(at + 1));
    if (!target) {
      peer.retryAt = Number.POSITIVE_INFINITY;
      return;
    }
    const socket = connect({ host: target.host, port: target.port, noDelay: true });
    peer.socket = socket;
    socket.setEncoding('utf8');
    let buffer = '';
    const down = (): void => {
      if (peer.socket !== socket) return;
      peer.socket = null;
      peer.retryAt = Date.now() + RETRY_MS;
      if (peer.up) this.options.log.info({ peer: node }, 'cluster: direct link down (Redis carries the messages)');
      peer.up = false;
      const lost = peer.queue;
      peer.queue = [];
      for (const m of lost) m.failed?.();
    };
    socket.on('error', down).on('close', down);
    socket.on('data', (chunk: string) => {
      if (peer.up) return;
      buffer += chunk;
      const nl = buffer.indexOf('\n');
      if (nl < 0) {
        if (buffer.length > 256) socket.destroy();
        return;
      }
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line === 'ok') {
        peer.up = true;
        this.options.log.debug({ peer: node }, 'cluster: direct link up');
        return;
      }
      socket.write(`${mac(this.options.secret, line)}\n`);
      // The next line is the listener's ok.
      const ok = buffer.indexOf('\n');
      if (ok >= 0 && buffer.slice(0, ok) === 'ok') peer.up = true;
    });
  }

  /** A connection from another process: the challenge, then its frames. */
  private accept(socket: Socket): void {
    if (this.closed) return void socket.destroy();
    this.incoming.add(socket);
    socket.setNoDelay(true);
    socket.setEncoding('utf8');
    const nonce = randomBytes(16).toString('hex');
    const expected = Buffer.from(mac(this.options.secret, nonce));
    let trusted = false;
    let buffer = '';
    const timer = setTimeout(() => trusted || socket.destroy(), 5000);
    timer.unref();
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      clearTimeout(timer);
      this.incoming.delete(socket);
    });
    socket.write(`${nonce}\n`);
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let start = 0;
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n', start)) {
        const line = buffer.slice(start, nl);
        start = nl + 1;
        if (trusted) {
          if (line.length > 0) this.options.onFrame(line);
          continue;
        }
        const given = Buffer.from(line);
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          this.options.log.warn(
            { from: socket.remoteAddress },
            'cluster: a link connection failed the challenge; closed',
          );
          socket.destroy();
          return;
        }
        trusted = true;
        clearTimeout(timer);
        socket.write('ok\n');
      }
      buffer = buffer.slice(start);
      if (buffer.length > MAX_FRAME || (!trusted && buffer.length > 256)) socket.destroy();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const peer of this.peers.values()) peer.socket?.destroy();
    this.peers.clear();
    for (const s of this.incoming) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function mac(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(nonce).digest('hex');
}

/** `host:port` or `[v6]:port` (port 0 only when `anyPort`); null when it is not one. */
export function parseAddress(text: string, anyPort = false): { host: string; port: number } | null {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/.exec(text);
  if (!m) return null;
  const port = Number(m[3]);
  if (port < (anyPort ? 0 : 1) || port > 65535) return null;
  return { host: (m[1] ?? m[2])!, port };
}
