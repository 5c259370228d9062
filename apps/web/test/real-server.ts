import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer, type StartOptions } from '../../server/src/server.ts';
import { removeDir, useServedClient } from './harness.ts';

/**
 * The real Round Table server (HTTP + WebSocket, SQLite in a fresh folder) serving the built client, and a
 * Chromium, for one test file: started before its tests, stopped and removed after them (the online counterpart
 * of `useStaticClient`). `options` are the server's (`botMs`, `passwordCost`…).
 */
export function useRealServer(options: StartOptions = {}): {
  readonly url: string;
  readonly server: RunningServer;
  readonly browser: Browser;
} {
  const fixture = useServedClient(async (webDir) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rt-web-data-'));
    const server = await startServer({
      port: 0,
      dataDir,
      webDir,
      logger: pino({ level: 'silent' }),
      botMs: 50,
      botWorkers: 1,
      ...options,
      // Every page of a test comes from 127.0.0.1: the sign-ups of a file's accounts fit, and play-now pairs two
      // of its pages, unless the file sets these itself (refusals.test.ts).
      limits: { signupsPerAddress: 1000, pairSameAddress: true, ...options.limits },
    });
    return {
      server,
      url: server.url,
      close: async () => {
        await server.close();
        removeDir(dataDir);
      },
    };
  });
  return {
    get server() {
      return fixture.served.server;
    },
    get url() {
      return fixture.url;
    },
    get browser() {
      return fixture.browser;
    },
  };
}

/**
 * Creates a match from the page (its cookie: the creator's account) and keeps the seat tokens in the page's storage
 * as the client does; returns the match's id.
 */
export async function createFromPage(page: Page, body: Record<string, unknown>): Promise<string> {
  return page.evaluate(async (b) => {
    const res = await fetch('/api/matches', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(b),
    });
    const data = (await res.json()) as {
      match: { id: string; game: string };
      tokens: { seat: number; token: string }[];
    };
    if (!res.ok) throw new Error(JSON.stringify(data));
    const seats = data.tokens.map((t) => ({
      match: data.match.id,
      game: data.match.game,
      seat: t.seat,
      token: t.token,
      createdAt: Date.now(),
    }));
    localStorage.setItem(
      'rt.seats',
      JSON.stringify([...seats, ...(JSON.parse(localStorage.getItem('rt.seats') ?? '[]') as unknown[])]),
    );
    return data.match.id;
  }, body);
}
