import { availableParallelism } from 'node:os';
import pino from 'pino';
import { ConfigError, readConfig, USAGE } from './config.ts';
import type { ServerConfig } from './config.ts';
import { DataFolderLocked, lockDataFolder } from './processes/lock.ts';
import { runPrimary, WorkerStartFailed } from './processes/primary.ts';
import { startServer } from './server.ts';
import { StorageUnavailable } from './storage/postgres.ts';

/**
 * `roundtable serve` and `apps/server/bin/serve.js`: reads flags and environment, starts the server (with
 * `--processes N` above 1, a primary process and N workers: processes/primary.ts), and on SIGINT/SIGTERM shuts
 * it down gracefully (every move already received is stored before the process exits). Resolves with the exit
 * code once the server has stopped.
 */
export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let config;
  try {
    config = readConfig(argv, process.env, availableParallelism());
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`error: ${e.message}\n\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
  let server;
  try {
    server =
      config.processes > 1
        ? await runPrimary(config, config.processes, pino({ level: config.logLevel }))
        : config.database
          ? await startServer(config)
          : await startAlone(config);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      process.stderr.write(
        `error: cannot listen on ${config.host}:${config.port} (${code}); choose another with --port or PORT\n`,
      );
      return 1;
    }
    if (e instanceof DataFolderLocked || e instanceof WorkerStartFailed) {
      process.stderr.write(`error: ${e.message}\n`);
      return 1;
    }
    if (e instanceof StorageUnavailable || (e instanceof Error && e.message.startsWith('cannot reach Redis'))) {
      process.stderr.write(`error: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  return new Promise<number>((resolve) => {
    const stop = (signal: string): void => {
      process.stderr.write(`\n${signal}: stopping (finishing writes)…\n`);
      server.close().then(
        () => resolve(0),
        (e: unknown) => {
          process.stderr.write(`error while stopping: ${String(e)}\n`);
          resolve(1);
        },
      );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

/**
 * The embedded server in one process, holding its data folder's lock (processes/lock.ts) as a primary of
 * `--processes` does: two servers on one folder would each own every match, so the second one is refused.
 */
async function startAlone(config: ServerConfig): Promise<{ close(): Promise<void> }> {
  const lock = lockDataFolder(config.dataDir);
  try {
    const server = await startServer(config);
    return {
      async close() {
        try {
          await server.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (e) {
    lock.release();
    throw e;
  }
}
