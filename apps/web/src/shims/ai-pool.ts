/**
 * Browser stand-in for packages/ai/src/parallel/pool.ts (Node worker threads and Atomics.wait on the main
 * thread are not available in a page): the same API, searching on the calling thread alone. The page already
 * runs every bot inside a Web Worker (src/bots/worker.ts), so the board never waits on it.
 */
import { searcherFor } from '@roundtable/ai';

export const SHARES = 1;

export async function closeWorkers(): Promise<void> {}

interface Request {
  readonly game: { determinize(view: unknown, seat: number, rng: unknown): unknown; players(state: unknown): number };
  readonly view: unknown;
  readonly seat: number;
  readonly rng: readonly number[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shim stands in for the worker pool whose request type it cannot import
export function searchInParallel(request: any, _level: string): any[] {
  const r = request as Request;
  const sample = r.game.determinize(r.view, r.seat, [...r.rng]);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the sampled game is any game of the catalog
  return [searcherFor(r.game as any, r.game.players(sample))(request)];
}
