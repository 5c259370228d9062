// The game database's writer: finished games go into `database.db` here, in a thread of their own with its own
// connection (plain JavaScript, as storage/writer.js), so that the event loop serving the moves never runs the
// hundreds of inserts of a game (a row per position and an explorer tally per move: 7 % of the loop's busy time
// under load, PERFORMANCE.md). The schema is made by sqlite-store.ts before this starts; reads stay there.
//
// Each message: { seq, games }, a game being { values, players: [key, seat, ...], keys: [...], plies: [...],
// tallies: [source, key, move, games, wins0, wins1, draws, ratingSum, ratingN, ...] } as sqlite-store.ts builds it.
// The answer: { seq, added } once the transaction is committed and on disk (synchronous = FULL, in this thread),
// or { seq, error }.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.path);
// WAL as every connection to the file (sqlite-store.ts set it first; it is the file's, this only says so), and
// a wait for the write lock: every process of the data folder (`serve --processes`) has a writer like this one.
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');

// The statements, written once in sqlite-store.ts (INSERT_SQL).
const { sql } = workerData;
const st = {
  game: db.prepare(sql.game),
  player: db.prepare(sql.player),
  position: db.prepare(sql.position),
  tally: db.prepare(sql.tally),
};

/** Each game not stored before, with its players, positions and tallies; how many were new. */
const add = db.transaction((games) => {
  let added = 0;
  for (const g of games) {
    // A game indexed before (a job run twice) adds nothing, not even to the tallies.
    if (st.game.run(...g.values).changes === 0) continue;
    added++;
    const id = g.values[0];
    for (let i = 0; i < g.players.length; i += 2) st.player.run(g.players[i], id, g.players[i + 1]);
    for (let i = 0; i < g.keys.length; i++) st.position.run(g.keys[i], id, g.plies[i]);
    for (let i = 0; i < g.tallies.length; i += 9) st.tally.run(...g.tallies.slice(i, i + 9));
  }
  return added;
});

parentPort.on('message', (msg) => {
  if (msg === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    // The write lock from the start (another process may be adding the same game: only one adds its tallies).
    parentPort.postMessage({ seq: msg.seq, added: add.immediate(msg.games) });
  } catch (e) {
    parentPort.postMessage({ seq: msg.seq, error: e instanceof Error ? e.message : String(e) });
  }
});
