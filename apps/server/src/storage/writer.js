// The SQLite store's writer: every write of the server runs here, in its own thread with its own connection
// (plain JavaScript: it needs nothing of the repository's TypeScript, so it starts in a few milliseconds).
//
// The event loop that serves every match never runs an INSERT or waits on the disk: it posts a batch (all the
// writes issued while the previous batch was being stored: group commit), and this thread commits it in one
// transaction, fsyncs the WAL when durability is `full`, and answers. A batch whose transaction fails is retried
// one write at a time, so one bad write cannot sink the others. See sqlite.ts for the operations.
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { path, full } = workerData;
const db = new Database(path);
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
db.pragma('wal_autocheckpoint = 0');

const st = {
  match: db.prepare(
    'INSERT INTO matches (id, game, players, options, seed, position, settings, status, outcome, created_at, creator) VALUES (?,?,?,?,?,?,?,?,?,?,?)',
  ),
  seat: db.prepare(
    'INSERT INTO seats (match_id, seat, kind, name, level, token_hash) VALUES (?,?,?,?,?,?) ON CONFLICT(match_id, seat) DO UPDATE SET kind=excluded.kind, name=excluded.name, level=excluded.level, token_hash=excluded.token_hash',
  ),
  move: db.prepare('INSERT INTO moves (match_id, ply, seat, move, at) VALUES (?,?,?,?,?)'),
  status: db.prepare('UPDATE matches SET status = ?, outcome = ? WHERE id = ?'),
  clock: db.prepare('UPDATE matches SET deadline = ?, clock = ? WHERE id = ?'),
  takeBackMoves: db.prepare('DELETE FROM moves WHERE match_id = ? AND ply >= ?'),
  takeBackSnapshot: db.prepare('DELETE FROM snapshots WHERE match_id = ? AND ply > ?'),
  snapshot: db.prepare(
    'INSERT INTO snapshots (match_id, ply, data) VALUES (?,?,?) ON CONFLICT(match_id) DO UPDATE SET ply=excluded.ply, data=excluded.data',
  ),
};

/** One write: [kind, ...values] as sqlite.ts builds it. */
function run(op) {
  switch (op[0]) {
    case 'match':
      st.match.run(...op[1]);
      for (const seat of op[2]) st.seat.run(...seat);
      for (const move of op[3]) st.move.run(...move);
      return;
    case 'move':
      st.move.run(op[1], op[2], op[3], op[4], op[5]);
      if (op[6] !== undefined) st.status.run(op[6], op[7], op[1]);
      return;
    case 'commit': {
      // Every write made for one match, in this order (sqlite.ts `commit`).
      const c = op[1];
      if (c.takeBack !== undefined) {
        st.takeBackMoves.run(c.match, c.takeBack);
        st.takeBackSnapshot.run(c.match, c.takeBack);
      }
      if (c.move) st.move.run(...c.move);
      for (const seat of c.seats ?? []) st.seat.run(...seat);
      if (c.status) st.status.run(c.status[0], c.status[1], c.match);
      if (c.clock) st.clock.run(c.clock[0], c.clock[1], c.match);
      if (c.snapshot) st.snapshot.run(c.match, c.snapshot[0], c.snapshot[1]);
      return;
    }
    default:
      throw new Error(`unknown write ${String(op[0])}`);
  }
}

const batchTx = db.transaction((ops) => {
  for (const op of ops) run(op);
});
const oneTx = db.transaction((op) => run(op));

let walFd = null;
function syncWal() {
  if (walFd === null) {
    walFd = openSync(`${path}-wal`, 'r');
    // The WAL's directory entry must be durable too, once.
    const dir = openSync(dirname(path), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  }
  fsyncSync(walFd);
}

parentPort.on('message', (msg) => {
  if (msg === 'stop') {
    if (walFd !== null) closeSync(walFd);
    db.close();
    parentPort.close();
    return;
  }
  const { seq, ops } = msg;
  const t0 = performance.now();
  /** null: every write stored; else one entry per write, null or its error. */
  let errors = null;
  try {
    batchTx(ops);
  } catch {
    errors = ops.map((op) => {
      try {
        oneTx(op);
        return null;
      } catch (e) {
        return String(e && e.message ? e.message : e);
      }
    });
  }
  if (full) {
    try {
      syncWal();
    } catch (e) {
      const message = `fsync failed: ${String(e && e.message ? e.message : e)}`;
      errors = ops.map(() => message);
    }
  }
  parentPort.postMessage({ seq, errors, ms: performance.now() - t0 });
});
parentPort.postMessage({ ready: true });
