// Conditional moves (issue 36) through real HTTP and WebSocket clients: an answer left for a foreseen move is
// played at once and the tree under it kept, a move not foreseen drops the rest, the opponent and spectators never
// see a tree (every message they receive is scanned), every line is checked when it is set, and a tree is kept
// through a restart on the same data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '@roundtable/catalog';
import { playNotation } from '../src/rules.ts';
import { camelotAfter } from './camelot-lines.ts';
import { api, Client, testServer, type TestServer } from './helpers.ts';

const camelot = gameById('camelot')!;

const legal = (state: unknown): string[] => {
  const seat = camelot.toMove(state)[0]!;
  return camelot.legalMoves(state, seat).map((m) => camelot.formatMove(state, m));
};

interface Table {
  id: string;
  tokens: string[];
  white: Client;
  black: Client;
  watcher: Client;
}

async function table(server: TestServer): Promise<Table> {
  const made = await api(server, 'POST', '/api/matches', {
    game: 'camelot',
    seats: [{ kind: 'human' }, { kind: 'human' }],
    clock: { days: 2 },
  });
  expect(made.status).toBe(201);
  const tokens: string[] = made.body.tokens.map((t: { token: string }) => t.token);
  const id: string = made.body.match.id;
  const attach = async (msg: Record<string, unknown>): Promise<Client> => {
    const c = await Client.connect(server.ws);
    const answer = await c.request(msg);
    expect(answer.t).toBe('attached');
    return c;
  };
  return {
    id,
    tokens,
    white: await attach({ t: 'attach', token: tokens[0] }),
    black: await attach({ t: 'attach', token: tokens[1] }),
    watcher: await attach({ t: 'attach', match: id }),
  };
}

const conditional = (server: TestServer, id: string, token: string, method = 'GET', body?: unknown, lang = 'en') =>
  api(server, method, `/api/matches/${id}/conditional?lang=${lang}`, body, { authorization: `Bearer ${token}` });

async function move(c: Client, text: string): Promise<any> {
  const answer = await c.request({ t: 'move', move: text });
  expect(answer.t, JSON.stringify(answer)).toBe('update');
  return answer;
}

describe('conditional moves at the table', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('an answer left for the move played comes at once, the tree under it is kept; a move not foreseen drops the rest; neither the opponent nor a spectator ever sees a tree', async () => {
    const t = await table(server);
    const w0 = legal(camelotAfter([]))[0]!;
    await move(t.white, w0);
    // Two branches for black's first move, the first one two answers deep.
    const p1 = camelotAfter([w0]);
    const [b1, b1other] = legal(p1) as [string, string];
    const w2 = legal(camelotAfter([w0, b1]))[0]!;
    const w2other = legal(camelotAfter([w0, b1other])).at(-1)!;
    const [b3, b3unforeseen] = legal(camelotAfter([w0, b1, w2])) as [string, string];
    const w4 = legal(camelotAfter([w0, b1, w2, b3])).at(-1)!;
    const tree = [
      { if: b1, then: w2, next: [{ if: b3, then: w4 }] },
      { if: b1other, then: w2other },
    ];
    const set = await conditional(server, t.id, t.tokens[0]!, 'PUT', { tree });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ offered: true, seat: 0, ply: 1, tree });

    // Black plays the first foreseen move: white's answer follows at once, without white doing anything.
    const t0 = Date.now();
    await move(t.black, b1);
    const answered = await t.black.wait((m) => m.t === 'update' && m.last?.move === w2, 5000);
    expect(answered.yourTurn).toBe(true);
    expect(answered.ply).toBe(3);
    expect(Date.now() - t0).toBeLessThan(2000);
    await t.watcher.wait((m) => m.t === 'update' && m.last?.move === w2, 5000);
    const kept = await conditional(server, t.id, t.tokens[0]!);
    expect(kept.body).toMatchObject({ ply: 3, tree: [{ if: b3, then: w4 }] });

    // Black plays another move than the one foreseen: nothing is answered, and white's tree is gone.
    expect(b3unforeseen).not.toBe(b3);
    await move(t.black, b3unforeseen);
    const whiteTurn = await t.white.wait((m) => m.t === 'update' && m.last?.move === b3unforeseen, 5000);
    expect(whiteTurn.yourTurn).toBe(true);
    expect((await conditional(server, t.id, t.tokens[0]!)).body.tree).toEqual([]);
    const record = await api(server, 'GET', `/api/matches/${t.id}/record`);
    expect(record.body.moves.map((m: { move: string }) => m.move)).toEqual([w0, b1, w2, b3unforeseen]);

    // Every message black and the spectator received: no tree, no word of one, no move of it that was not played.
    for (const raw of [...t.black.raw, ...t.watcher.raw]) {
      expect(raw).not.toMatch(/conditional|"then"|"if"/i);
      for (const unplayed of [w2other, w4]) expect(raw).not.toContain(`"${unplayed}"`);
    }
    // A spectator, or the opponent's token, cannot read white's tree.
    expect((await api(server, 'GET', `/api/matches/${t.id}/conditional`)).status).toBe(401);
    const blacks = await conditional(server, t.id, t.tokens[1]!);
    expect(blacks.body.seat).toBe(1);
    expect(blacks.body.tree).toEqual([]);
    for (const c of [t.white, t.black, t.watcher]) c.close();
  });

  it('every line is checked when it is set: an illegal move, an answer on your own turn, a tree nested too deep, a game with secrets are refused with the reason in English and French, and nothing is stored', async () => {
    const t = await table(server);
    const w0 = legal(camelotAfter([]))[0]!;
    // White to move: a tree is for while the opponent thinks.
    const early = await conditional(server, t.id, t.tokens[0]!, 'PUT', { tree: [{ if: 'A1', then: 'A2' }] });
    expect(early.status).toBe(422);
    expect(early.body.error.code).toBe('CONDITIONAL_YOUR_TURN');
    await move(t.white, w0);
    const b1 = legal(camelotAfter([w0]))[0]!;
    const illegal = await conditional(server, t.id, t.tokens[0]!, 'PUT', { tree: [{ if: b1, then: 'Z9-Z10' }] });
    expect(illegal.status).toBe(422);
    expect(illegal.body.error).toMatchObject({
      code: 'CONDITIONAL_ILLEGAL',
      details: { side: 'yours', move: 'Z9-Z10' },
    });
    expect(illegal.body.error.message).toContain(`In the line ${b1} Z9-Z10, you cannot answer Z9-Z10`);
    const fr = await conditional(server, t.id, t.tokens[0]!, 'PUT', { tree: [{ if: 'Q0', then: 'A1' }] }, 'fr');
    expect(fr.body.error.message).toMatch(/^Dans la ligne Q0, l’adversaire ne peut pas jouer Q0\u00a0: /);
    const twice = await conditional(server, t.id, t.tokens[0]!, 'PUT', {
      tree: [
        { if: b1, then: legal(camelotAfter([w0, b1]))[0]! },
        { if: b1, then: legal(camelotAfter([w0, b1]))[1]! },
      ],
    });
    expect(twice.body.error.code).toBe('CONDITIONAL_DUPLICATE');
    // Nested past what the schema's recursion could read (written by hand: JSON.stringify cannot either).
    const deep = `{"tree":${'[{"if":"a","then":"b","next":'.repeat(3000)}[]${'}]'.repeat(3000)}}`;
    const nested = await conditional(server, t.id, t.tokens[0]!, 'PUT', deep);
    expect(nested.body.error.code).toBe('CONDITIONAL_TOO_BIG');
    const malformed = await conditional(server, t.id, t.tokens[0]!, 'PUT', { tree: [{ if: b1 }] });
    expect(malformed.status).toBe(400);
    expect((await conditional(server, t.id, t.tokens[0]!)).body.tree).toEqual([]);

    const joust = await api(server, 'POST', '/api/matches', {
      game: 'joust',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const refused = await conditional(server, joust.body.match.id, joust.body.tokens[1].token, 'PUT', {
      tree: [{ if: 'x', then: 'y' }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CONDITIONAL_NOT_OFFERED');
    for (const c of [t.white, t.black, t.watcher]) c.close();
  });
  it('Lancelot at two takes them as Camelot does; Lancelot at three does not (the player count, from the catalog)', async () => {
    const lancelot = gameById('lancelot')!;
    const options = lancelot.parseOptions({}, 2);
    const start = options.ok ? lancelot.setup({ players: 2, options: options.value, seed: 7 }) : null;
    if (!start?.ok) throw new Error('setup');
    const made = await api(server, 'POST', '/api/matches', {
      game: 'lancelot',
      seed: 7,
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const [first, second] = made.body.tokens.map((t: { token: string }) => t.token) as [string, string];
    // Lancelot's first move is seat 1's: seat 0 answers it in advance.
    const opener = lancelot.toMove(start.value)[0]!;
    expect(opener).toBe(1);
    const x = lancelot.formatMove(start.value, lancelot.legalMoves(start.value, 1)[0]);
    const after = playNotation(lancelot, start.value, 1, x);
    if (!after.ok) throw new Error(x);
    const y = lancelot.formatMove(after.value.state, lancelot.legalMoves(after.value.state, 0).at(-1));
    const set = await conditional(server, made.body.match.id, first, 'PUT', { tree: [{ if: x, then: y }] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const c = await Client.connect(server.ws);
    await c.request({ t: 'attach', token: second });
    await move(c, x);
    await c.wait((m) => m.t === 'update' && m.last?.move === y && m.yourTurn === true, 5000);
    c.close();

    const three = await api(server, 'POST', '/api/matches', {
      game: 'lancelot',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
    });
    const refused = await conditional(server, three.body.match.id, three.body.tokens[0].token, 'PUT', {
      tree: [{ if: x, then: y }],
    });
    expect(refused.body.error.code).toBe('CONDITIONAL_NOT_OFFERED');
  });
});

describe('conditional moves through a restart', () => {
  it('a tree set before the server stops is played by the server started again on the same data folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rt-conditional-'));
    try {
      let server = await testServer({ dataDir: dir });
      const t = await table(server);
      const w0 = legal(camelotAfter([]))[0]!;
      await move(t.white, w0);
      const b1 = legal(camelotAfter([w0])).at(-1)!;
      const w2 = legal(camelotAfter([w0, b1]))[0]!;
      const set = await conditional(server, t.id, t.tokens[0]!, 'PUT', { tree: [{ if: b1, then: w2 }] });
      expect(set.status).toBe(200);
      for (const c of [t.white, t.black, t.watcher]) c.close();
      await server.stop();

      server = await testServer({ dataDir: dir });
      const black = await Client.connect(server.ws);
      expect((await black.request({ t: 'attach', token: t.tokens[1] })).t).toBe('attached');
      await move(black, b1);
      const answered = await black.wait((m) => m.t === 'update' && m.last?.move === w2, 5000);
      expect(answered.yourTurn).toBe(true);
      black.close();
      await server.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
