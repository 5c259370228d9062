// Pushes across server processes (PostgreSQL + Redis): two processes share the subscriptions and the job queue; a
// match made on one, joined and played through the other, rings each absent player's device exactly once per
// event (the match's owner decides, the queue delivers once), whichever process the players went through.
import type { ChildProcess } from 'node:child_process';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@roundtable/protocol';
import { api, Client, dropTestDatabase, spawnServerProcess, testDatabase, testServices } from './helpers.ts';
import { Device, PushService } from './push-service.ts';

const children: ChildProcess[] = [];
let database = '';
let push: PushService;

beforeAll(async () => {
  testServices();
  push = await PushService.start();
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  if (database) await dropTestDatabase(database).catch(() => undefined);
  await push?.close();
});

const cookieOf = (res: Response): string => /^(rt_session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;

async function signUp(url: string, name: string): Promise<string> {
  const res = await fetch(`${url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'a long password' }),
  });
  expect(res.status).toBe(201);
  return cookieOf(res);
}

const kinds = (d: Device): string[] =>
  d
    .received()
    .map((r) => (JSON.parse(d.decrypt(r.body)) as PushPayload).kind)
    .sort();

describe('two processes', () => {
  it('send each push once, whichever process the players use', async () => {
    database = await testDatabase();
    const args = ['--database', database, '--redis', testServices().redis, '--lease-ms', '1500', '--bot-workers', '1'];
    const first = await spawnServerProcess(args, children);
    const second = await spawnServerProcess(args, children);
    const alice = await signUp(first.url, 'Alys');
    const bob = await signUp(second.url, 'Bedivere');
    const aliceDevice = new Device(push, '/alice');
    const bobDevice = new Device(push, '/bob');
    // Each subscribes through the other process: the subscriptions are in the shared database.
    expect((await api(second, 'POST', '/api/push/devices', aliceDevice.subscription(), { cookie: alice })).status).toBe(
      201,
    );
    expect((await api(first, 'POST', '/api/push/devices', bobDevice.subscription(), { cookie: bob })).status).toBe(201);

    const made = await api(
      first,
      'POST',
      '/api/matches',
      { game: 'camelot', seats: [{ kind: 'human' }, { kind: 'open' }] },
      { cookie: alice },
    );
    const id = made.body.match.id as string;
    expect((await api(second, 'POST', `/api/matches/${id}/join`, {}, { cookie: bob })).status).toBe(200);
    await push.until(() => aliceDevice.received().length >= 2 && bobDevice.received().length >= 1, 20_000);

    // Alice moves through the process that does not own the match, then leaves: Bob's turn.
    const ws = new WebSocket(second.ws, { headers: { cookie: alice } });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const table = new (Client as unknown as new (ws: WebSocket) => Client)(ws);
    expect(await table.request({ t: 'attach', match: id })).toMatchObject({ seat: 0 });
    expect((await table.request({ t: 'move', move: 'C6-C7' })).t).toBe('update');
    table.close();
    await push.until(() => bobDevice.received().length >= 2, 20_000);
    // Time for any second copy to arrive: none does.
    await new Promise((r) => setTimeout(r, 3000));
    expect(kinds(aliceDevice)).toEqual(['started', 'turn']);
    expect(kinds(bobDevice)).toEqual(['started', 'turn']);
  }, 90_000);
});
