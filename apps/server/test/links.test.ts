// The direct links between server processes (cluster/links.ts): frames arrive whole and in order once the
// challenge is passed; a connection that cannot prove the cluster's secret is closed before any frame is read;
// a peer that goes away makes `send` answer false (the caller falls back to Redis).
import { connect } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config.ts';
import { Links, parseAddress } from '../src/cluster/links.ts';

const log = pino({ level: 'silent' });
const open: Links[] = [];
afterEach(async () => {
  for (const l of open.splice(0)) await l.close();
});

async function pair(secretA = 'same', secretB = 'same'): Promise<{ a: Links; b: Links; atA: string[]; toA: string }> {
  const atA: string[] = [];
  const a = await Links.start({
    host: '127.0.0.1',
    port: 0,
    advertise: null,
    secret: secretA,
    log,
    onFrame: (t) => atA.push(t),
  });
  const b = await Links.start({
    host: '127.0.0.1',
    port: 0,
    advertise: null,
    secret: secretB,
    log,
    onFrame: () => undefined,
  });
  open.push(a, b);
  return { a, b, atA, toA: `node-a@${a.address}` };
}

async function until(cond: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('direct links between processes', () => {
  it('the first send dials (the caller uses Redis that time); then frames of one turn arrive whole and in order', async () => {
    const { b, atA, toA } = await pair();
    expect(b.send(toA, 'early')).toBe(false);
    await until(() => b.connected === 1);
    const big = JSON.stringify({ k: 'move', text: 'x'.repeat(200_000) });
    const frames = Array.from({ length: 50 }, (_, i) => JSON.stringify({ i }));
    for (const f of [...frames.slice(0, 25), big, ...frames.slice(25)]) expect(b.send(toA, f)).toBe(true);
    await until(() => atA.length === 51);
    expect(atA).toEqual([...frames.slice(0, 25), big, ...frames.slice(25)]);
    expect(atA).not.toContain('early');
  });

  it('a process holding another secret never gets a link up, and none of its frames is read', async () => {
    const { b, atA, toA } = await pair('right', 'wrong');
    expect(b.send(toA, 'one')).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(b.connected).toBe(0);
    expect(b.send(toA, 'two')).toBe(false);
    expect(atA).toEqual([]);
  });

  it('a stranger that answers the challenge wrongly is closed; frames sent before the answer are not read', async () => {
    const { a, atA } = await pair();
    const [host, port] = [
      a.address.slice(0, a.address.lastIndexOf(':')),
      Number(a.address.slice(a.address.lastIndexOf(':') + 1)),
    ];
    const socket = connect({ host, port });
    const closed = new Promise<void>((r) => socket.on('close', () => r()));
    socket.on('error', () => undefined);
    socket.once('data', () => socket.write(`${'0'.repeat(64)}\n{"k":"move","id":"m"}\n`));
    await closed;
    expect(atA).toEqual([]);
  });

  it('a peer that goes away: the link goes down and send answers false again (the caller uses Redis)', async () => {
    const { a, b, toA } = await pair();
    b.send(toA, 'dial');
    await until(() => b.connected === 1);
    await a.close();
    await until(() => b.connected === 0);
    expect(b.send(toA, 'after')).toBe(false);
  });

  it('addresses and flags are checked', () => {
    expect(parseAddress('127.0.0.1:7001')).toEqual({ host: '127.0.0.1', port: 7001 });
    expect(parseAddress('[::1]:7001')).toEqual({ host: '::1', port: 7001 });
    expect(parseAddress('game-2.internal:7001')).toEqual({ host: 'game-2.internal', port: 7001 });
    for (const bad of ['127.0.0.1', ':7001', 'host:0', 'host:70000', 'a b:1', 'host:7001/x'])
      expect(parseAddress(bad)).toBeNull();
    expect(parseAddress('127.0.0.1:0', true)).toEqual({ host: '127.0.0.1', port: 0 });

    expect(readConfig([], {}, 2).link).toEqual({ host: '127.0.0.1', port: 0, advertise: null });
    expect(readConfig(['--link', 'off'], {}, 2).link).toBeNull();
    expect(
      readConfig([], { ROUNDTABLE_LINK: '0.0.0.0:7001', ROUNDTABLE_LINK_ADVERTISE: 'game-2:7001' }, 2).link,
    ).toEqual({ host: '0.0.0.0', port: 7001, advertise: 'game-2:7001' });
    expect(() => readConfig(['--link', 'everywhere'], {}, 2)).toThrow(/--link must be host:port/);
    expect(() => readConfig(['--link', 'off', '--link-advertise', 'x:1'], {}, 2)).toThrow(ConfigError);
    expect(() => readConfig(['--link-advertise', 'x:0'], {}, 2)).toThrow(/--link-advertise must be host:port/);
  });
});
