import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { Browser } from 'playwright-core';
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
