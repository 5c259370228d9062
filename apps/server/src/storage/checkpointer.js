// The WAL checkpointer of the SQLite store, in its own thread with its own connection (plain JavaScript: it
// needs nothing of the repository's TypeScript, so it starts in a few milliseconds).
//
// A checkpoint copies the WAL into the database file and fsyncs both: milliseconds of disk waiting that would
// stall every match if SQLite ran it on the server's event loop (it does, by default, every 1,000 pages). The
// server's connection sets `wal_autocheckpoint = 0`; this thread runs PASSIVE checkpoints, which never take the
// writer's lock, so the event loop never waits for them. The next write after a complete checkpoint restarts the
// WAL from its beginning, so the file stays small.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.path);
db.pragma('synchronous = NORMAL');
let stopped = false;

function checkpoint() {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (e) {
    parentPort.postMessage({ error: String(e && e.message ? e.message : e) });
  }
}

const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (msg) => {
  if (msg !== 'stop' || stopped) return;
  stopped = true;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.postMessage({ stopped: true });
  parentPort.close();
});
parentPort.postMessage({ ready: true });
