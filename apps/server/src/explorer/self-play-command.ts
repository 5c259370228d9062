/**
 * Makes (or grows) the bots' self-play set of the opening explorer, stored beside the site's games as source
 * `selfplay` (its own rows, never matches):
 *
 *   npx tsx apps/server/src/explorer/self-play-command.ts --game camelot --games 500 [--from 0] [--nodes 300]
 *     [--data ./data | --database postgres://…]
 *
 * The same arguments give the same games; a game stored before is left as it is, so a run can be repeated or
 * continued with `--from`.
 */
import { z } from 'zod';
import { PostgresGameDatabase } from '../database/postgres-store.ts';
import { SqliteGameDatabase } from '../database/sqlite-store.ts';
import { PostgresStore } from '../storage/postgres.ts';
import type { IndexedGame } from '../database/types.ts';
import { selfPlayGames } from './self-play.ts';

const Args = z.object({
  game: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/),
  games: z.coerce.number().int().min(1).max(1_000_000),
  from: z.coerce.number().int().min(0).default(0),
  nodes: z.coerce.number().int().min(10).max(100_000).default(300),
  data: z.string().default('./data'),
  database: z.string().url().optional(),
});

function readArgs(argv: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]!;
    if (!name.startsWith('--') || argv[i + 1] === undefined) throw new Error(`expected --name value, got ${name}`);
    out[name.slice(2)] = argv[i + 1]!;
  }
  return out;
}

const parsed = Args.safeParse(readArgs(process.argv.slice(2)));
if (!parsed.success) {
  console.error(`self-play: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`);
  process.exit(2);
}
const args = parsed.data;
const pgStore = args.database ? await PostgresStore.open(args.database) : null;
const db = pgStore ? new PostgresGameDatabase(pgStore.pool) : new SqliteGameDatabase(args.data);
const started = Date.now();
let batch: IndexedGame[] = [];
let added = 0;
let made = 0;
for (const g of selfPlayGames({ game: args.game, games: args.games, from: args.from, nodes: args.nodes })) {
  batch.push(g);
  made++;
  if (batch.length === 50) {
    added += await db.add(batch);
    batch = [];
    console.log(`${made} games, ${Math.round((Date.now() - started) / 1000)} s`);
  }
}
added += await db.add(batch);
console.log(
  `self-play: ${made} ${args.game} games made, ${added} new in the set, ${Math.round((Date.now() - started) / 1000)} s`,
);
await db.close();
await pgStore?.close();
