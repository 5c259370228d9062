import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '@roundtable/catalog';
import { SqliteStore } from '../src/storage/sqlite.ts';
import { api, testServer, type TestServer } from './helpers.ts';
import { randomGame } from './fixtures/records/random-games.ts';

// The storage shape the game database and the opening explorer read (issue 37): an imported match is a stored
// match, status `archived`, with `settings.source` { origin: 'import', format, tags } and its players as seat names.
let server: TestServer;
let store: SqliteStore;
const camelot = gameById('camelot')!;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rt-import-source-'));
  store = new SqliteStore(dir);
  server = await testServer({ dataDir: dir, store });
});
afterAll(() => server.stop());

describe('an imported record keeps where it came from', () => {
  it('is stored archived, with its source marker, tags and players as seat names', async () => {
    const g = randomGame(camelot, 11, { maxPlies: 6 });
    const source = {
      origin: 'import',
      format: 'wcf',
      event: 'WCF Championship',
      date: '1931.??.??',
      result: '1-0',
      players: ['Nolan', 'Troyka'],
    } as const;
    const { status, body } = await api(server, 'POST', '/api/records', {
      game: 'camelot',
      players: 2,
      options: g.options,
      seed: g.seed,
      moves: g.moves,
      source,
      outcome: { winners: [0], draw: false, reason: 'resignation' },
    });
    expect(status).toBe(201);
    expect(body.match.status).toBe('archived');
    expect(body.match.seats.map((s: { name: string }) => s.name)).toEqual(['Nolan', 'Troyka']);
    expect(body.match.outcome).toEqual({ winners: [0], draw: false, reason: 'resignation' });
    const stored = await store.loadMatch(body.match.id);
    expect(stored?.match.settings.source).toEqual(source);
    expect(stored?.moves).toEqual(g.moves);
  });

  it('refuses a claimed result the moves contradict (OUTCOME_MISMATCH), and stores nothing', async () => {
    const g = randomGame(camelot, 5, { maxPlies: 2000 });
    expect(g.ended).toBe(true);
    const wrong = g.outcome.draw
      ? { winners: [0], draw: false, reason: 'resignation' }
      : { winners: [], draw: true, reason: 'agreement' };
    const before = (await store.listMatches({ status: 'archived', limit: 200 })).length;
    const { status, body } = await api(server, 'POST', '/api/records', {
      game: 'camelot',
      players: 2,
      options: g.options,
      seed: g.seed,
      moves: g.moves,
      outcome: wrong,
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe('OUTCOME_MISMATCH');
    expect(body.error.details.replayed).toEqual(g.outcome);
    expect((await store.listMatches({ status: 'archived', limit: 200 })).length).toBe(before);
  });
});
