import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../server/src/storage/sqlite.ts';
import { testServer, type TestServer } from '../../server/test/helpers.ts';
import { runExport, runImport } from '../src/records/commands.ts';

// `roundtable import FILE...` and `roundtable export` against a real server (issue 37).
const OPERATOR = 'operator-token-for-tests-0123456789';
const fixture = (name: string): string =>
  fileURLToPath(new URL(`../../server/test/fixtures/records/${name}`, import.meta.url));

let server: TestServer;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rt-cli-records-'));
  server = await testServer({
    dataDir: dir,
    store: new SqliteStore(dir, { durability: 'normal' }),
    operatorToken: OPERATOR,
  });
});
afterAll(() => server.stop());

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c) => (text += String(c)));
  return { stream, text: () => text };
}

describe('roundtable import', () => {
  it('sends each file, says what was stored, and names the line of a refused file', async () => {
    const out = capture();
    const err = capture();
    const bad = join(mkdtempSync(join(tmpdir(), 'rt-bad-')), 'bad.txt');
    (await import('node:fs')).writeFileSync(bad, '[Event "x"]\n\n1. H6-H8 D10-E9 2. Z9-Z8 1-0\n');
    const code = await runImport(
      [fixture('wcf-club.txt'), fixture('abstractplay-camelot.json'), bad],
      { server: server.url, token: OPERATOR },
      'en',
      out.stream,
      err.stream,
    );
    expect(code).toBe(1);
    expect(out.text()).toContain('wcf-club.txt: 2 game(s) imported (wcf)');
    expect(out.text()).toContain('abstractplay-camelot.json: 2 game(s) imported (abstractplay)');
    expect(err.text()).toMatch(/^bad\.txt, line 3: .*Z9/m);
  });

  it('refuses without a token or with a wrong one', async () => {
    const err = capture();
    delete process.env.ROUNDTABLE_OPERATOR_TOKEN;
    expect(await runImport([fixture('wcf-club.txt')], { server: server.url }, 'en', capture().stream, err.stream)).toBe(
      2,
    );
    expect(err.text()).toContain('operator token');
    const wrong = capture();
    const code = await runImport(
      [fixture('wcf-club.txt')],
      { server: server.url, token: 'x'.repeat(20) },
      'en',
      capture().stream,
      wrong.stream,
    );
    expect(code).toBe(1);
    expect(wrong.text()).toContain('Only the operator');
  });
});

describe('roundtable export', () => {
  it('streams the export with its filters, and names a bad filter', async () => {
    const out = capture();
    // Imported records are not online matches: an empty server exports nothing, and says so by an empty output.
    expect(
      await runExport({ server: server.url, game: 'camelot', format: 'jsonl' }, 'en', out.stream, capture().stream),
    ).toBe(0);
    expect(out.text()).toBe('');
    const err = capture();
    expect(
      await runExport({ server: server.url, game: 'chess', format: 'jsonl' }, 'en', capture().stream, err.stream),
    ).toBe(1);
    expect(err.text()).toContain('chess');
    const usage = capture();
    expect(
      await runExport({ server: server.url, from: 'monday', format: 'jsonl' }, 'en', capture().stream, usage.stream),
    ).toBe(2);
    expect(usage.text()).toContain('--from');
  });
});
