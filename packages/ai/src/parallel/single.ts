/**
 * The search pool of a page (package.json `imports`, `#pool`, under the `browser` condition): Node worker threads
 * and Atomics.wait on the main thread are not available there, so the same API searches on the calling thread
 * alone. The page already runs every bot inside a Web Worker (apps/web/src/bots/worker.ts), so the board never
 * waits on it.
 */
import { searcherFor } from '../dispatch.ts';
import type { RootReport, SearchRequest } from '../search.ts';

export const SHARES = 1;

export async function closeWorkers(): Promise<void> {}

export function searchInParallel(request: SearchRequest, _level: string): RootReport[] {
  const sample = request.game.determinize(request.view, request.seat, [...request.rng] as SearchRequest['rng']);
  return [searcherFor(request.game, request.game.players(sample))(request)];
}
