import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { gameById, GAME_IDS } from '@roundtable/catalog';
import { Match, seedCommitment, type Seed } from '@roundtable/core';
import { verifyCommand } from '../../cli/src/verify.ts';
import { SqliteAccountStore } from '../src/accounts/sqlite-store.ts';
import { SqliteJobQueue } from '../src/jobs/sqlite-queue.ts';
import { DayExports } from '../src/records/day-job.ts';
import type { ExportLine } from '../src/records/format.ts';
import { openSqliteRecords } from '../src/records/open-store.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import type { MatchRow, SeatRow } from '../src/storage/store.ts';
import { api, testServer, type TestServer } from './helpers.ts';
import { randomGame } from './fixtures/records/random-games.ts';

// Exports (issue 37): a few hundred finished matches of all five games stored as the server stores them (2,000 and
// 100,000 are in bench/export.ts), exported, re-imported into an empty server, re-dealt and verified.
const PER_GAME = 40;
const OPERATOR = 'operator-token-for-tests-0123456789';
const DAY = Date.UTC(2026, 10, 3, 12);
const CHAT = 'my secret chat line 7f3a';

let source: TestServer;
let target: TestServer;
let sourceStore: SqliteStore;
let targetStore: SqliteStore;
let sourceDir: string;
/** Each stored match by seed: its record and every seat's view at the deal. */
const made = new Map<string, { id: string; game: string; moves: unknown; outcome: unknown; deal: unknown[] }>();
const privateIds: string[] = [];
let consentedId = '';
let exported: ExportLine[] = [];

async function storeMatch(
  store: SqliteStore,
  game: string,
  seed: Seed,
  at: number,
  rated: boolean,
): Promise<{ id: string; tokens: string[] }> {
  const g = gameById(game)!;
  const r = randomGame(g, seed, { players: g.minPlayers === 1 ? 2 : g.minPlayers, maxPlies: 40 });
  const id = `m${made.size.toString().padStart(5, '0')}${game}`;
  const row: MatchRow = {
    id,
    game,
    players: r.players,
    options: r.options,
    seed,
    position: null,
    settings: { clock: { moveSeconds: 60 }, abandon: null, seeded: false, ...(rated ? { rated: true } : {}) },
    status: 'finished',
    outcome: r.outcome,
    createdAt: at,
    creator: null,
  };
  const tokens = Array.from({ length: r.players }, (_, s) => `token-${id}-${s}`);
  const { hashToken } = await import('../src/tokens.ts');
  const seats: SeatRow[] = tokens.map((t, seat) => ({
    seat,
    kind: 'human',
    name: `guest${seat}`,
    level: null,
    tokenHash: hashToken(t),
  }));
  await store.createMatch(
    row,
    seats,
    r.moves.map((m, ply) => ({ matchId: id, ply, seat: m.seat, move: m.move, at: at + ply })),
  );
  const start = Match.create(g, { players: r.players, options: r.options, seed });
  if (!start.ok) throw new Error('set-up refused');
  const deal = Array.from({ length: r.players }, (_, s) => g.view(start.value.state, s));
  made.set(String(seed), { id, game, moves: r.moves, outcome: r.outcome, deal });
  return { id, tokens };
}

beforeAll(async () => {
  sourceDir = mkdtempSync(join(tmpdir(), 'rt-export-'));
  sourceStore = new SqliteStore(sourceDir, { durability: 'normal' });
  let n = 0;
  for (const game of GAME_IDS)
    for (let i = 0; i < PER_GAME; i++) await storeMatch(sourceStore, game, `v2:${game}-${i}`, DAY + n++ * 1000, true);
  // Unrated matches are private: two without consent (one with chat), one every player agreed to publish.
  for (const game of ['camelot', 'joust'])
    privateIds.push((await storeMatch(sourceStore, game, `v2:private-${game}`, DAY, false)).id);
  const consented = await storeMatch(sourceStore, 'joust', 'v2:consented', DAY, false);
  consentedId = consented.id;
  const accounts = new SqliteAccountStore(sourceDir);
  for (const id of [privateIds[0]!, made.get('v2:camelot-0')!.id])
    await accounts.appendChat({ matchId: id, channel: 'players', seat: 0, name: 'guest0', text: CHAT, at: DAY });
  // Galahad's account held seat 1 of two rated matches; an account since deleted held seat 0 of the first.
  await accounts.createAccount({
    id: 'acc-galahad',
    name: 'Galahad',
    nameKey: 'galahad',
    passwordHash: 'x',
    createdAt: DAY,
  });
  for (const seed of ['v2:lancelot-3', 'v2:joust-5']) await accounts.addSeat('acc-galahad', made.get(seed)!.id, 1, DAY);
  await accounts.addSeat('acc-deleted', made.get('v2:lancelot-3')!.id, 0, DAY);
  await accounts.close();
  source = await testServer({ dataDir: sourceDir, store: sourceStore, operatorToken: OPERATOR });
  for (const [seat, token] of consented.tokens.entries()) {
    const agreed = await api(source, 'POST', `/api/matches/${consentedId}/consent`, { token });
    expect(agreed).toMatchObject({ status: 200, body: { seat, consent: true } });
  }
  const targetDir = mkdtempSync(join(tmpdir(), 'rt-import-'));
  targetStore = new SqliteStore(targetDir, { durability: 'normal' });
  target = await testServer({ dataDir: targetDir, store: targetStore, operatorToken: OPERATOR });
  const res = await fetch(`${source.url}/api/records/export`);
  expect(res.headers.get('content-type')).toContain('application/x-ndjson');
  const body = await res.text();
  expect(body).not.toContain(CHAT);
  exported = body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as ExportLine);
}, 60_000);

afterAll(async () => {
  await source?.stop();
  await target?.stop();
});

describe('the export', () => {
  it('holds every rated match and the consented private one, never a private match without consent nor chat', () => {
    const ids = new Set(exported.map((l) => l.id));
    expect(ids.size).toBe(GAME_IDS.length * PER_GAME + 1);
    expect(ids.has(consentedId)).toBe(true);
    for (const id of privateIds) expect(ids.has(id)).toBe(false);
    expect(JSON.stringify(exported)).not.toContain(CHAT);
    // Guests' typed names are not published; every line states its format, version and licence.
    for (const l of exported) {
      expect(l).toMatchObject({ format: 'roundtable-record', version: 1, licence: 'CC0-1.0' });
      expect(l.seats.every((s) => s.name === null || s.name === 'Galahad')).toBe(true);
      expect(l.commitment).toBe(seedCommitment(l.seed));
    }
  });

  it('filters one game, rated or not, and a range of days; the text format is record text', async () => {
    const joust = await fetch(`${source.url}/api/records/export?game=joust&rated=false`).then((r) => r.text());
    expect(
      joust
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as ExportLine).id),
    ).toEqual([consentedId]);
    const none = await fetch(`${source.url}/api/records/export?from=2026-11-04&to=2026-11-05`).then((r) => r.text());
    expect(none).toBe('');
    const text = await fetch(`${source.url}/api/records/export?game=camelot&format=text`).then((r) => r.text());
    expect(text.match(/^\[Game "camelot"\]/gm)?.length).toBe(PER_GAME);
    expect(text).toContain('[Licence "CC0-1.0"]');
    const bad = await api(source, 'GET', '/api/records/export?from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('from');
  });

  it("streams one player's matches, named by their account; a deleted account's seat is anonymised", async () => {
    const res = await fetch(`${source.url}/api/players/galahad/records?rated=true`);
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as ExportLine);
    expect(lines.map((l) => l.id).sort()).toEqual([made.get('v2:lancelot-3')!.id, made.get('v2:joust-5')!.id].sort());
    const lancelot = lines.find((l) => l.game === 'lancelot')!;
    expect(lancelot.seats.slice(0, 2)).toEqual([
      { seat: 0, kind: 'human', name: null },
      { seat: 1, kind: 'human', name: 'Galahad' },
    ]);
    expect((await api(source, 'GET', '/api/players/nobody/records')).status).toBe(404);
  });

  it('re-imported into an empty server gives the same matches and outcomes', async () => {
    const jsonl = exported.map((l) => JSON.stringify(l)).join('\n');
    const refused = await fetch(`${target.url}/api/records/import?name=all.jsonl`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: jsonl,
    });
    expect(refused.status).toBe(403);
    const res = await fetch(`${target.url}/api/records/import?name=all.jsonl`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${OPERATOR}` },
      body: jsonl,
    });
    const report = (await res.json()) as { imported: number; format: string; matches: { id: string }[] };
    expect(res.status).toBe(201);
    expect(report).toMatchObject({ format: 'roundtable', imported: exported.length });
    for (const m of report.matches) {
      const stored = (await targetStore.loadMatch(m.id))!;
      const original = made.get(String(stored.match.seed))!;
      expect(stored.match.game).toBe(original.game);
      expect(stored.moves).toEqual(original.moves);
      expect(stored.match.outcome).toEqual(original.outcome);
      expect(stored.match.settings.source).toMatchObject({
        origin: 'import',
        format: 'roundtable',
        sourceId: original.id,
      });
    }
  });

  it('every card-game record re-deals the same hands from its seed', () => {
    const cards = exported.filter((l) => !gameById(l.game)!.perfectInformation);
    expect(cards.length).toBeGreaterThan(100);
    for (const l of cards) {
      const g = gameById(l.game)!;
      const dealt = Match.create(g, { players: l.players, options: l.options, seed: l.seed });
      if (!dealt.ok) throw new Error(dealt.error.code);
      const views = Array.from({ length: l.players }, (_, s) => g.view(dealt.value.state, s));
      expect(views).toEqual(made.get(String(l.seed))!.deal);
    }
  });

  it('roundtable verify accepts an exported line and catches a tampered seed or move', () => {
    const line = exported.find((l) => l.game === 'tournament')!;
    const dir = mkdtempSync(join(tmpdir(), 'rt-verify-'));
    const run = (record: unknown): { code: number; out: string } => {
      const file = join(dir, 'r.json');
      writeFileSync(file, JSON.stringify(record));
      const out = new PassThrough();
      let text = '';
      out.on('data', (c) => (text += String(c)));
      const code = verifyCommand([file, '--commitment', line.commitment], gameById, out, out);
      return { code, out: text };
    };
    expect(run(line).code).toBe(0);
    const reseeded = run({ ...line, seed: `${String(line.seed)}0` });
    expect(reseeded.code).toBe(1);
    expect(reseeded.out).toContain('DOES NOT MATCH');
    const g = gameById(line.game)!;
    // Another card in place of one played: the deal says that seat never held it, or the rules refuse it.
    const i = line.moves.findIndex((m, k) => k > 0 && m.move !== line.moves[0]!.move);
    const moves = line.moves.map((m, k) => (k === i ? { ...m, move: line.moves[0]!.move } : m));
    const tampered = run({ ...line, moves });
    expect(tampered.code, `${g.id}: ${tampered.out}`).toBe(1);
    expect(tampered.out).toContain('FAILED');
  });
});

describe('the day files', () => {
  it('are made once per game and day, served at their URL, and list only that day', async () => {
    const records = openSqliteRecords(sourceDir, sourceStore.path);
    const ids = [...made.values()].filter((m) => m.game === 'camelot').map((m) => m.id);
    for (const id of ids.slice(0, 10)) await records.ended(id, 'camelot', DAY);
    await records.ended(ids[10]!, 'camelot', DAY + 86_400_000);
    const jobs = new SqliteJobQueue(mkdtempSync(join(tmpdir(), 'rt-jobs-')), pino({ level: 'silent' }));
    const days = new DayExports(records, jobs, [gameById('camelot')!], sourceDir, pino({ level: 'silent' }));
    await jobs.define({ name: 'records-day', retryLimit: 1, retryDelaySeconds: 1, expireSeconds: 60 });
    const day = '2026-11-03';
    const now = Date.UTC(2026, 10, 4, 6);
    expect(await days.offer(now)).toBe(7);
    // A second process offering the same days while those jobs wait adds none.
    expect(await days.offer(now)).toBe(0);
    expect(await Promise.all([days.make('camelot', day), days.make('camelot', day)])).toEqual([10, 10]);
    expect((await records.days('camelot')).filter((d) => d.day === day)).toEqual([
      { game: 'camelot', day, matches: 10 },
    ]);
    const file = await fetch(`${source.url}/api/records/days/camelot/${day}.jsonl`).then((r) => r.text());
    expect(
      file
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as ExportLine).id),
    ).toEqual(ids.slice(0, 10).sort());
    const missing = await api(source, 'GET', '/api/records/days/camelot/2026-11-05.jsonl');
    expect(missing.status).toBe(404);
    await jobs.close();
    await records.close();
  });
});
