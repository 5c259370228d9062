import Database from 'better-sqlite3';

/** Distinct statements kept per connection; past that the cache starts again (queries built with a varying number of `?`). */
const KEPT = 256;

/**
 * A better-sqlite3 connection whose `prepare` keeps each statement it made, by its SQL text. better-sqlite3 parses
 * and plans a statement on every `prepare`, and the stores prepare theirs where they run them (a job claimed and
 * settled, the chat read at each attach, …): 2–3 % of the event loop's busy time under load (PERFORMANCE.md).
 * Sharing one statement is safe because no store changes a statement's mode (`pluck`, `raw`, `expand`,
 * `safeIntegers`) or iterates one (a statement iterated cannot run again until the iteration ends).
 */
export function openSqlite(path: string, options?: Database.Options): Database.Database {
  const db = new Database(path, options);
  const prepare = db.prepare.bind(db);
  const kept = new Map<string, Database.Statement>();
  db.prepare = ((sql: string): Database.Statement => {
    let statement = kept.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (kept.size >= KEPT) kept.clear();
      kept.set(sql, statement);
    }
    return statement;
  }) as typeof db.prepare;
  return db;
}
