/**
 * Builds the bots' opening book of a game from the opening explorer (explorer/book.ts) and writes it where the
 * bots read it (packages/ai/src/book/<game>.json):
 *
 *   npx tsx apps/server/src/explorer/build-book-command.ts --game camelot [--source selfplay|rated|master]
 *     [--min-games 4] [--max-ply 10] [--min-score 0.4] [--data ./data | --database postgres://…] [--out FILE]
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PostgresGameDatabase } from '../database/postgres-store.ts';
import { SqliteGameDatabase } from '../database/sqlite-store.ts';
import { EXPLORER_SOURCES, type ExplorerSource } from '../database/types.ts';
import { PostgresStore } from '../storage/postgres.ts';
import { buildBook } from './book.ts';

const Args = z.object({
  game: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/),
  source: z.enum(EXPLORER_SOURCES as unknown as [ExplorerSource, ...ExplorerSource[]]).default('selfplay'),
  'min-games': z.coerce.number().int().min(1).default(4),
  'max-ply': z.coerce.number().int().min(1).max(40).default(10),
  'min-score': z.coerce.number().min(0).max(1).default(0.4),
  data: z.string().default('./data'),
  database: z.string().url().optional(),
  out: z.string().optional(),
});

const raw: Record<string, string> = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) raw[argv[i]!.replace(/^--/, '')] = argv[i + 1] ?? '';
const parsed = Args.safeParse(raw);
if (!parsed.success) {
  console.error(`book: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`);
  process.exit(2);
}
const a = parsed.data;
const pgStore = a.database ? await PostgresStore.open(a.database) : null;
const db = pgStore ? new PostgresGameDatabase(pgStore.pool) : new SqliteGameDatabase(a.data);
const book = await buildBook(db, {
  game: a.game,
  source: a.source,
  minGames: a['min-games'],
  maxPly: a['max-ply'],
  minScore: a['min-score'],
});
const out = a.out ?? fileURLToPath(new URL(`../../../../packages/ai/src/book/${a.game}.json`, import.meta.url));
writeFileSync(out, `${JSON.stringify(book)}\n`);
console.log(`book: ${Object.keys(book.positions).length} positions written to ${out}`);
await db.close();
await pgStore?.close();
