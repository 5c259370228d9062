import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import WebSocket from 'ws';
import { startServer, type RunningServer, type StartOptions } from '../src/server.ts';

export interface TestServer extends RunningServer {
  readonly dir: string;
  readonly ws: string;
  stop(): Promise<void>;
}

export async function testServer(options: StartOptions = {}): Promise<TestServer> {
  const dir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'rt-server-'));
  // Every suite's clients come from 127.0.0.1: the per-address caps are lifted unless a test sets them (limits.test.ts).
  const limits = { matchesPerAddress: 100_000, liveMatches: 100_000, socketsPerAddress: 100_000 };
  const server = await startServer({ port: 0, dataDir: dir, webDir: join(dir, 'no-web-client'), logger: pino({ level: 'silent' }), botMs: 50, limits, ...options });
  return {
    ...server,
    dir,
    ws: `${server.url.replace('http', 'ws')}/ws`,
    async stop() {
      await server.close();
      if (options.dataDir === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function api<T = any>(server: { url: string }, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A WebSocket client that keeps every message it receives, raw and parsed, and waits for the ones it wants. */
export class Client {
  readonly raw: string[] = [];
  readonly messages: any[] = [];
  private waiters: { pred: (m: any) => boolean; resolve: (m: any) => void; reject: (e: Error) => void; timer: NodeJS.Timeout; from: number }[] = [];
  private nextId = 1;
  private cursor = 0;
  closed: { code: number; reason: string } | null = null;
  private closeWaiters: ((c: { code: number; reason: string }) => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      const msg = JSON.parse(text);
      this.messages.push(msg);
      for (const w of [...this.waiters]) {
        if (w.pred(msg)) {
          this.cursor = this.messages.length;
          clearTimeout(w.timer);
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(msg);
        }
      }
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      for (const c of this.closeWaiters) c(this.closed);
      for (const w of this.waiters) {
        clearTimeout(w.timer);
        w.reject(new Error(`closed (${code}) while waiting`));
      }
      this.waiters = [];
    });
    ws.on('error', () => {});
  }

  static async connect(url: string): Promise<Client> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new Client(ws);
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** Sends a request with a fresh id and waits for the answer carrying it (as `id` or `ack`). */
  async request(msg: Record<string, unknown>, timeout = 10_000): Promise<any> {
    const id = this.nextId++;
    const answer = this.wait((m) => m.id === id || m.ack === id, timeout);
    this.send({ ...msg, id });
    return answer;
  }

  /** The next message after the last one returned (already received or to come) that matches. */
  wait(pred: (m: any) => boolean, timeout = 10_000): Promise<any> {
    for (let i = this.cursor; i < this.messages.length; i++) {
      if (pred(this.messages[i])) {
        this.cursor = i + 1;
        return Promise.resolve(this.messages[i]);
      }
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(new Error(`timeout waiting; last messages: ${this.raw.slice(-3).join(' | ')}`));
      }, timeout);
      const w = { pred, resolve, reject, timer, from: this.messages.length };
      this.waiters.push(w);
    });
  }

  /** A message received already or to come. */
  async seen(pred: (m: any) => boolean, timeout = 10_000): Promise<any> {
    const found = this.messages.find(pred);
    return found ?? this.wait(pred, timeout);
  }

  whenClosed(timeout = 5000): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('not closed')), timeout);
      this.closeWaiters.push((c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}

/** Deterministic choice for test clients. */
export function pick<T>(items: readonly T[], n: number): T {
  return items[Math.abs(n) % items.length] as T;
}
