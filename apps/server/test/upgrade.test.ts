/**
 * A database written before issue 13 (no creator or deadline columns, 31-bit numeric seeds): the server opens it,
 * adds what it needs, and its matches replay exactly as they were dealt.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng, Match, nextInt } from '@roundtable/core';
import { gameById } from '@roundtable/catalog';
import { api, Client, testServer } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'rt-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The schema as it was before the creator and deadline columns. */
const OLD_SCHEMA = `
CREATE TABLE matches (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL,
  position TEXT, settings TEXT NOT NULL, status TEXT NOT NULL, outcome TEXT, created_at INTEGER NOT NULL);
CREATE INDEX matches_status ON matches(status, created_at);
CREATE TABLE seats (match_id TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT, level TEXT, token_hash TEXT,
  PRIMARY KEY (match_id, seat)) WITHOUT ROWID;
CREATE UNIQUE INDEX seats_token ON seats(token_hash) WHERE token_hash IS NOT NULL;
CREATE TABLE moves (match_id TEXT NOT NULL, ply INTEGER NOT NULL, seat INTEGER NOT NULL, move TEXT NOT NULL, at INTEGER NOT NULL,
  PRIMARY KEY (match_id, ply)) WITHOUT ROWID;
CREATE TABLE snapshots (match_id TEXT PRIMARY KEY, ply INTEGER NOT NULL, data TEXT NOT NULL) WITHOUT ROWID;
`;

describe('a database from before strong seeds', () => {
  it('opens, gains its columns, and a match with a numeric seed replays exactly; its clock still runs', async () => {
    const game = gameById('tournament')!;
    const seed = 1_234_567_890; // as randomInt(2 ** 31) drew them
    const created = Match.create(game, { players: 3, options: {}, seed });
    if (!created.ok) throw new Error('setup');
    const match = created.value;
    const rng = createRng(5);
    for (let i = 0; i < 10; i++) {
      const seat = match.toMove()[0]!;
      const moves = match.legalNotation(seat);
      if (!match.play(seat, moves[nextInt(rng, moves.length)]!).ok) throw new Error('play');
    }
    const token = 'old-token-of-seat-0';
    const hash = createHash('sha256').update(token).digest('hex');
    const db = new Database(join(dir, 'roundtable.sqlite'));
    db.exec(OLD_SCHEMA);
    db.prepare('INSERT INTO matches VALUES (?,?,?,?,?,?,?,?,?,?)').run(
      'old1',
      'tournament',
      3,
      JSON.stringify(match.options),
      JSON.stringify(seed),
      null,
      JSON.stringify({ clock: { moveSeconds: 3600 }, abandon: null }),
      'active',
      null,
      Date.now() - 1000,
    );
    for (let s = 0; s < 3; s++)
      db.prepare('INSERT INTO seats VALUES (?,?,?,?,?,?)').run('old1', s, 'human', null, null, s === 0 ? hash : null);
    match.history.forEach((m, ply) =>
      db.prepare('INSERT INTO moves VALUES (?,?,?,?,?)').run('old1', ply, m.seat, m.move, Date.now() - 500),
    );
    db.close();

    const server = await testServer({ dataDir: dir });
    try {
      const summary = (await api(server, 'GET', '/api/matches/old1')).body.match;
      expect(summary).toMatchObject({
        status: 'active',
        seeded: false,
        commitment: createHash('sha256').update(`#${seed}`).digest('hex'),
      });
      expect(summary.seed).toBeUndefined();
      const c = await Client.connect(server.ws);
      const attached = await c.request({ t: 'attach', token });
      expect(attached.view).toEqual(game.view(match.state, 0));
      expect(attached.deadline).toBeGreaterThan(Date.now() + 3000_000);
      c.close();
    } finally {
      await server.stop();
    }
    const after = new Database(join(dir, 'roundtable.sqlite'), { readonly: true });
    const row = after.prepare('SELECT creator, deadline FROM matches WHERE id = ?').get('old1') as {
      creator: string | null;
      deadline: number | null;
    };
    after.close();
    // The reloaded clock was written to the deadline index.
    expect(row.creator).toBeNull();
    expect(row.deadline).toBeGreaterThan(Date.now() + 3000_000);
  });
});
