import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../src/storage/sqlite.ts';
import { testServer, type TestServer } from './helpers.ts';

// Imports of outside records (issue 37): WCF-style Camelot scores and AbstractPlay's JSON records, written from
// their published formats (fixtures/records/), replayed and checked; hostile files refused with line and reason.
const OPERATOR = 'operator-token-for-tests-0123456789';
const fixture = (name: string): string => readFileSync(new URL(`./fixtures/records/${name}`, import.meta.url), 'utf8');
const WCF = fixture('wcf-club.txt');
const AP = fixture('abstractplay-camelot.json');

let server: TestServer;
let store: SqliteStore;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rt-import-'));
  store = new SqliteStore(dir, { durability: 'normal' });
  server = await testServer({ dataDir: dir, store, operatorToken: OPERATOR });
});
afterAll(() => server.stop());

async function importText(text: string, name = 'file', lang = 'en'): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}/api/records/import?name=${encodeURIComponent(name)}&lang=${lang}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', authorization: `Bearer ${OPERATOR}` },
    body: text,
  });
  return { status: res.status, body: await res.json() };
}

const archived = async (): Promise<number> => (await store.listMatches({ status: 'archived', limit: 200 })).length;

/** The line (from 1) of the first occurrence of `needle`. */
const lineOf = (text: string, needle: string, nth = 1): number => {
  let at = -1;
  for (let i = 0; i < nth; i++) at = text.indexOf(needle, at + 1);
  return text.slice(0, at < 0 ? text.length : at).split('\n').length;
};

describe('a WCF-style Camelot score', () => {
  it('replays each game, keeps its tags, and keeps comments only where the file allows them', async () => {
    const { status, body } = await importText(WCF, 'wcf-club.txt');
    expect(status).toBe(201);
    expect(body).toMatchObject({ format: 'wcf', imported: 2, droppedComments: 1 });
    const [first, second] = await Promise.all(body.matches.map((m: { id: string }) => store.loadMatch(m.id)));
    expect(first.match.options).toEqual({ variant: 'camelot', ends: 'wcf' });
    expect(first.match.settings.source).toEqual({
      origin: 'import',
      format: 'wcf',
      event: 'Club championship (test score)',
      site: 'Paris',
      round: '1',
      date: '1931.??.??',
      result: '1-0',
      annotator: 'C. Annotator',
      players: ['A. Player', 'B. Player'],
      commentsLicence: 'CC0-1.0',
      comments: [
        { ply: 0, text: 'A quiet opening.' },
        { ply: 2, text: 'Black answers at once.' },
        { ply: 6, text: 'The knight comes out.' },
      ],
    });
    expect(first.seats.map((s: { name: string }) => s.name)).toEqual(['A. Player', 'B. Player']);
    // The first game stops before its end: the score's 1-0 is a resignation; the second ends by its moves.
    expect(first.match.outcome).toEqual({ winners: [0], draw: false, reason: 'resignation' });
    expect(second.match.outcome).toMatchObject({ draw: true, reason: 'fifty-moves' });
    expect(second.match.settings.source.comments).toBeUndefined();
    expect(second.moves.length).toBe(285);
  });
});

describe("AbstractPlay's JSON records of Camelot", () => {
  it('read canters written with ^, players and results from the header, a resignation as the last entry', async () => {
    const { status, body } = await importText(AP, 'abstractplay-camelot.json');
    expect(status).toBe(201);
    expect(body).toMatchObject({ format: 'abstractplay', imported: 2 });
    const [drawn, resigned] = await Promise.all(body.matches.map((m: { id: string }) => store.loadMatch(m.id)));
    expect(drawn.match.settings.source).toMatchObject({
      origin: 'import',
      format: 'abstractplay',
      site: 'Abstract Play',
      sourceId: 'test-0001',
      date: '2024-10-20T18:30:00.000Z',
      players: ['ypaul', 'rook'],
    });
    expect(drawn.match.outcome).toMatchObject({ draw: true, reason: 'fifty-moves' });
    expect(resigned.match.outcome).toEqual({ winners: [1], draw: false, reason: 'resignation' });
    expect(resigned.moves.length).toBe(24);
  });
});

describe('hostile or broken files', () => {
  const wcfIllegal = WCF.replace('G11xE13', 'G11xE15');
  const apRecords = JSON.parse(AP) as any[];
  const apWith = (change: (r: any) => void): string => {
    const copy = structuredClone(apRecords);
    change(copy[1]);
    return JSON.stringify(copy, null, 2);
  };
  const apBadMove = apWith((r) => (r.moves[3][1] = 'zz99'));
  const apHex = apWith((r) => (r.header.game.name = 'Hex'));
  const apRiver = apWith((r) => (r.header.game.variants = ['river']));
  const apNoPlayers = apWith((r) => delete r.header.players);
  const cases: [string, string, number, RegExp][] = [
    ['a move the rules refuse', wcfIllegal, lineOf(wcfIllegal, 'G11xE15'), /G11xE15|E15/],
    ['a result the moves contradict', WCF.replaceAll('1/2-1/2', '0-1'), lineOf(WCF, '[Event', 2), /claims/],
    ['an unclosed tag', WCF.replace('[Site "Paris"]', '[Site "Paris"'), 3, /not closed/],
    ['a result that is no result', WCF.replace('[Result "1-0"]', '[Result "2-0"]'), 1, /unknown result/],
    ['JSON cut short', AP.slice(0, 400), AP.slice(0, 400).split('\n').length, /not JSON/],
    ['another game', apHex, lineOf(apHex, '"header"', 2), /Hex/],
    ['a variant not played here', apRiver, lineOf(apRiver, '"header"', 2), /river/],
    ['a move that is not in the notation', apBadMove, lineOf(apBadMove, '"zz99"'), /zz99/],
    ['a record without players', apNoPlayers, lineOf(apNoPlayers, '"header"', 2), /players/],
    ['an export line without its seed', '{"format":"roundtable-record","version":2}\n', 1, /version/],
    ['a binary file', 'PK\u0003\u0004\u0000\u0000', 1, /binary/],
    ['an empty file', '   \n', 1, /no game/],
  ];
  it.each(cases)('%s: refused with its line and reason, nothing stored', async (_what, text, line, reason) => {
    const before = await archived();
    const { status, body } = await importText(text, 'bad.txt');
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'BAD_IMPORT_FILE', details: { file: 'bad.txt', line } });
    expect(body.error.details.reason).toMatch(reason);
    expect(body.error.message).toContain(`line ${line}`);
    expect(await archived()).toBe(before);
  });

  it('tells the reason in French, and refuses a caller without the operator token', async () => {
    const fr = await importText(WCF.replace('[Site "Paris"]', '[Site "Paris"'), 'bad.txt', 'fr');
    expect(fr.body.error.message).toMatch(/^bad\.txt, ligne 3\u00a0: la balise Site n’est pas fermée/);
    const anonymous = await fetch(`${server.url}/api/records/import`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: 'Bearer wrong-token-0123456789' },
      body: WCF,
    });
    expect(anonymous.status).toBe(403);
    expect(((await anonymous.json()) as any).error.code).toBe('NOT_OPERATOR');
  });
});
