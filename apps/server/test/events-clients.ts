// Real players for the events' tests: accounts signed up over HTTP, each seat played over its own WebSocket with the
// account's session cookie (no token: the server finds the account's seat), random legal moves from a seed.
import WebSocket from 'ws';
import { api } from './helpers.ts';

export const cheap = { N: 1 << 10, r: 8, p: 1 };

export interface Account {
  readonly name: string;
  readonly cookie: string;
}

export async function signUp(server: { url: string }, name: string): Promise<Account> {
  const res = await fetch(`${server.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'a long password' }),
  });
  if (res.status !== 201) throw new Error(`sign-up of ${name}: ${res.status} ${await res.text()}`);
  return { name, cookie: /^(rt_session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]! };
}

export function as(server: { url: string }, who: Account | null) {
  return <T = any>(method: string, path: string, body?: unknown) =>
    api<T>(server, method, path, body, who ? { cookie: who.cookie } : {});
}

/** How a seat is played: to the end, or resigning after its n-th own move (two players: the match ends). */
export interface Policy {
  readonly resignAfter?: number;
  /** Never connects (a no-show). */
  readonly absent?: boolean;
}

/**
 * Plays `account`'s seat of `match` over a WebSocket until the match ends; resolves with the final status.
 * Moves are chosen by a small LCG from `seed`, so a run is the same each time. Like the web client, it waits a
 * moment after a refusal (an owner busy or taking over answers OWNER_UNAVAILABLE; asking again at once would
 * get the socket closed for its rate) and connects again when the socket closes before the end.
 */
export function playSeat(
  server: { url: string; ws: string },
  account: Account,
  match: string,
  policy: Policy,
  seed: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let rng = seed >>> 0 || 1;
    let mine = 0;
    let finished = false;
    let ws: WebSocket;
    const timer = setTimeout(() => {
      finished = true;
      ws.close();
      reject(new Error(`${account.name} in ${match}: no end in time`));
    }, 60_000);
    const done = (status: string): void => {
      finished = true;
      clearTimeout(timer);
      ws.close();
      resolve(status);
    };
    const connect = (): void => {
      ws = new WebSocket(server.ws, { headers: { cookie: account.cookie } });
      const socket = ws;
      let asked = false;
      let id = 1;
      const send = (m: object): void => {
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ ...m, id: id++ }));
      };
      socket.on('open', () => send({ t: 'attach', match }));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (!finished) setTimeout(connect, 200);
      });
      socket.on('message', (data) => {
        const m = JSON.parse(String(data)) as {
          t: string;
          status?: string;
          yourTurn?: boolean;
          moves?: string[];
          seat?: number | null;
          code?: string;
          seconds?: number;
        };
        if (m.t === 'attached' && m.seat === null) return done('spectator');
        if (m.t === 'detached') return done('detached');
        if ((m.t === 'attached' || m.t === 'update') && m.status !== undefined) {
          if (m.status === 'finished' || m.status === 'abandoned') return done(m.status);
          if (m.yourTurn && !asked) {
            if (policy.resignAfter !== undefined && mine >= policy.resignAfter) {
              asked = true;
              return send({ t: 'resign' });
            }
            asked = true;
            send({ t: 'legal' });
          }
        } else if (m.t === 'legal') {
          const moves = m.moves ?? [];
          if (moves.length === 0) {
            // Not this seat's move after all (a window another seat answers): ask again in a moment.
            setTimeout(() => send({ t: 'legal' }), 50);
            return;
          }
          rng = (Math.imul(rng, 1664525) + 1013904223) >>> 0;
          mine++;
          send({ t: 'move', move: moves[rng % moves.length]! });
          asked = false;
        } else if (m.t === 'error') {
          // Refused (the position moved on, or the owner is busy or changing): ask the legal moves again soon.
          asked = true;
          setTimeout(() => send({ t: 'legal' }), m.code === 'OWNER_UNAVAILABLE' ? 500 : 100);
        }
      });
    };
    connect();
  });
}

/**
 * Plays every table of an event as it is paired, until `until` says the event is where the test wants it: each
 * entrant's seat in each new match by its own WebSocket (names map pairings to accounts).
 */
export async function playEvent(
  server: { url: string; ws: string },
  event: string,
  accounts: readonly Account[],
  policy: (account: Account, match: string) => Policy,
  until: (detail: any) => boolean,
  opts: { pollMs?: number; timeoutMs?: number } = {},
): Promise<any> {
  const byName = new Map(accounts.map((a) => [a.name, a]));
  const started = new Set<string>();
  const ended = new Map<string, string>();
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  let seed = 1;
  for (;;) {
    const detail = (await api(server, 'GET', `/api/events/${event}`)).body;
    if (until(detail)) return detail;
    if (Date.now() > deadline) {
      // What each table and each seat's player came to, for the failure's message.
      const tables = detail.rounds.map((r: any) => r.pairings.map((p: any) => `${p.match}:${p.status}`));
      throw new Error(
        `event ${event}: not there in time: ${JSON.stringify(detail.event)}; tables ${JSON.stringify(tables)}; ` +
          `players ${JSON.stringify([...started].map((k) => `${k}=${ended.get(k) ?? 'playing or absent'}`))}`,
      );
    }
    for (const round of detail.rounds) {
      for (const p of round.pairings) {
        if (p.status !== 'playing' || !p.match) continue;
        for (const s of p.seats) {
          const key = `${p.match}:${s.name}`;
          const account = byName.get(s.name);
          if (!account || started.has(key)) continue;
          started.add(key);
          const how = policy(account, p.match);
          if (how.absent) continue;
          void playSeat(server, account, p.match, how, seed++).then(
            (status) => ended.set(key, status),
            (e: unknown) => ended.set(key, String(e)),
          );
        }
      }
    }
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 50));
  }
}

/** The caps helpers.ts lifts for every suite (a test that sets `limits` replaces them), and the events' own. */
export function eventLimits(own: Record<string, number | boolean> = {}): Record<string, number | boolean> {
  return {
    matchesPerAddress: 100_000,
    liveMatches: 100_000,
    socketsPerAddress: 100_000,
    matchesPerAccount: 100_000,
    signupsPerAddress: 100_000,
    hashPerAddress: 1000,
    importsPerAddress: 100_000,
    pairSameAddress: true,
    ...own,
  };
}
