import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../src/storage/open-sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'rt-open-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a connection that keeps its prepared statements', () => {
  it('prepares each SQL text once, and every statement still reads what was written last', () => {
    const db = openSqlite(join(dir, 'kept.db'));
    db.exec('CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)');
    const insert = 'INSERT INTO t (k, v) VALUES (?, ?)';
    expect(db.prepare(insert)).toBe(db.prepare(insert));
    expect(db.prepare('SELECT v FROM t WHERE k = ?')).not.toBe(db.prepare('SELECT k FROM t WHERE v = ?'));
    db.prepare(insert).run(1, 'Arthur');
    db.prepare(insert).run(2, 'Gawain');
    expect(db.prepare('SELECT v FROM t WHERE k = ?').get(2)).toEqual({ v: 'Gawain' });
    db.prepare('UPDATE t SET v = ? WHERE k = ?').run('Percival', 2);
    expect(db.prepare('SELECT v FROM t WHERE k = ?').get(2)).toEqual({ v: 'Percival' });
    db.close();
  });

  it('stays right past its bound, with queries built with any number of placeholders', () => {
    const db = openSqlite(join(dir, 'bound.db'));
    db.exec('CREATE TABLE t (k INTEGER PRIMARY KEY)');
    const rows = db.transaction(() => {
      for (let k = 0; k < 600; k++) db.prepare('INSERT INTO t (k) VALUES (?)').run(k);
    });
    rows();
    for (let n = 1; n <= 600; n++) {
      const ids = Array.from({ length: n }, (_, i) => i);
      const sql = `SELECT count(*) AS n FROM t WHERE k IN (${ids.map(() => '?').join(', ')})`;
      expect(db.prepare(sql).get(...ids)).toEqual({ n });
    }
    db.close();
  });

  it('a statement kept still sees a column added after it was prepared', () => {
    const db = openSqlite(join(dir, 'schema.db'));
    db.exec('CREATE TABLE t (k INTEGER PRIMARY KEY)');
    db.prepare('INSERT INTO t (k) VALUES (?)').run(1);
    expect(db.prepare('SELECT * FROM t').all()).toEqual([{ k: 1 }]);
    db.exec("ALTER TABLE t ADD COLUMN v TEXT DEFAULT 'Kay'");
    expect(db.prepare('SELECT * FROM t').all()).toEqual([{ k: 1, v: 'Kay' }]);
    db.close();
  });
});
