import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer, type StartOptions } from '../../server/src/server.ts';
import { buildClient, launch, removeDir } from './harness.ts';

/**
 * The real Round Table server (HTTP + WebSocket, SQLite in a fresh folder) serving the built client, and a
 * Chromium, for one test file: started before its tests, stopped and removed after them (the online counterpart
 * of `useStaticClient`). `options` are the server's (`botMs`, `passwordCost`…).
 */
export function useRealServer(options: StartOptions = {}): { readonly url: string; readonly server: RunningServer; readonly browser: Browser } {
  let outDir = '';
  let dataDir = '';
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    outDir = await buildClient();
    dataDir = mkdtempSync(join(tmpdir(), 'rt-web-data-'));
    server = await startServer({ port: 0, dataDir, webDir: outDir, logger: pino({ level: 'silent' }), botMs: 50, botWorkers: 1, ...options });
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) removeDir(outDir);
    if (dataDir) removeDir(dataDir);
  });
  return {
    get server() {
      if (!server) throw new Error('the server is not started yet');
      return server;
    },
    get url() {
      return this.server.url;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet');
      return browser;
    },
  };
}
