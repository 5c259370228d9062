import WebSocket from 'ws';
import type { Clock } from '../engine/clock.ts';
import type { ExecEngine, TurnRequest } from '../arena/exec-bot.ts';

/** What the bridge knows of a match it plays (from the bot API's match summary). */
export interface BridgeMatch {
  readonly id: string;
  readonly game: string;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly clock: { readonly moveSeconds?: number; readonly incrementSeconds?: number } | null;
}

/** A server message as far as the bridge reads it (packages/protocol's ServerMessage). */
interface Incoming {
  readonly t: string;
  readonly id?: number;
  readonly seat?: number | null;
  readonly status?: string;
  readonly view?: unknown;
  readonly yourTurn?: boolean;
  readonly ply?: number;
  readonly deadline?: number;
  readonly clocks?: { readonly banks: readonly number[]; readonly running: readonly number[]; readonly since: number };
  readonly moves?: readonly string[];
  readonly code?: string;
  readonly message?: string;
  readonly outcome?: unknown;
}

/** Think time when the match has no clock. */
const UNTIMED_MS = 1000;
/** Moves in a row the engine may get refused before the bridge resigns the match (an engine out of step). */
const MAX_REFUSED = 5;

const isOver = (status: string | undefined): boolean =>
  status === 'finished' || status === 'abandoned' || status === 'archived';

/**
 * One match played for a bot account: a WebSocket opened with the bot token (so the server seats it at the
 * account's seat and sends that seat's view only), and each turn asked of the engine through the arena's exec
 * bridge (`turn` with the seat's view, its legal moves and its clock). Resolves with the outcome at the end.
 */
export function playOnline(
  wsUrl: string,
  token: string,
  match: BridgeMatch,
  engine: ExecEngine,
  log: (line: string) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { headers: { authorization: `Bearer ${token}` } });
    let seat: number | null = null;
    let thinking = false;
    let refused = 0;
    let nextId = 1;
    let latest: Incoming | null = null;
    let pacing = false;
    const send = (msg: Record<string, unknown>): void => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
    };
    /** The `legal` requests in flight: answered with the moves, or null when refused (the rate: asked again). */
    const legalWaiters = new Map<number, (moves: readonly string[] | null) => void>();

    const think = async (): Promise<void> => {
      const now = latest;
      if (thinking || pacing || !now || seat === null || now.status !== 'active' || now.yourTurn !== true) return;
      thinking = true;
      try {
        const id = nextId++;
        const legal = await new Promise<readonly string[] | null>((done) => {
          legalWaiters.set(id, done);
          send({ t: 'legal', id });
        });
        if (legal === null || latest !== now) return; // refused, or the position moved on while we asked
        const request: TurnRequest = {
          game: match.game,
          players: match.players,
          options: match.options,
          seat,
          ply: now.ply ?? 0,
          view: now.view,
          legal,
          ...timing(now, seat, match),
        };
        const answer = await engine.turn(request);
        if ('forfeit' in answer) {
          log(`match ${match.id}: the engine failed (${answer.forfeit}); resigning`);
          send({ t: 'resign' });
          return;
        }
        send({ t: 'move', move: answer.move, id: nextId++ });
      } finally {
        thinking = false;
        // A newer position came while this one was thought about: think again from it (it may be our turn still).
        if (latest !== now && !pacing) void think();
      }
    };

    ws.on('open', () => send({ t: 'attach', match: match.id, id: nextId++ }));
    ws.on('message', (data) => {
      let msg: Incoming;
      try {
        msg = JSON.parse(String(data)) as Incoming;
      } catch {
        return;
      }
      if (msg.t === 'legal' && msg.id !== undefined) {
        legalWaiters.get(msg.id)?.(msg.moves ?? []);
        legalWaiters.delete(msg.id);
        return;
      }
      if (msg.t === 'error') {
        if (msg.id !== undefined && legalWaiters.has(msg.id)) {
          legalWaiters.get(msg.id)?.(null);
          legalWaiters.delete(msg.id);
        }
        // Past the bot's message rate (--bot-rate): wait as long as one message is worth, then ask again.
        if (msg.code === 'BOT_RATE_LIMITED' || msg.code === 'RATE_LIMITED') {
          const perSecond = (msg as { details?: { perSecond?: number } }).details?.perSecond ?? 1;
          pacing = true;
          setTimeout(
            () => {
              pacing = false;
              void think();
            },
            Math.ceil(1000 / perSecond) + 20,
          );
          return;
        }
        log(`match ${match.id}: ${msg.code ?? 'ERROR'} ${msg.message ?? ''}`);
        if (msg.code === 'BAD_BOT_TOKEN' || msg.code === 'NO_SUCH_MATCH') {
          ws.close();
          return reject(new Error(`${msg.code}: ${msg.message ?? ''}`));
        }
        // A refused move: ask again from the position as it is (after a few, the engine is out of step).
        if (++refused > MAX_REFUSED) send({ t: 'resign' });
        else setTimeout(() => void think(), 200);
        return;
      }
      if (msg.t !== 'attached' && msg.t !== 'update') return;
      if (msg.t === 'attached') {
        seat = msg.seat ?? null;
        if (seat === null) {
          ws.close();
          return reject(new Error(`the bot holds no seat of match ${match.id}`));
        }
      } else refused = 0;
      latest = msg;
      if (isOver(msg.status)) {
        ws.close();
        return resolve(msg.outcome ?? null);
      }
      void think().catch((e: unknown) => log(`match ${match.id}: ${(e as Error).message}`));
    });
    ws.on('error', (e) => reject(e));
    ws.on('close', () => reject(new Error(`the connection of match ${match.id} closed`)));
  });
}

/** The engine's clock (Fischer banks) or budget (a per-move deadline, or none) for this turn. */
function timing(now: Incoming, seat: number, match: BridgeMatch): { clock?: Clock; budget?: { ms: number } } {
  const at = Date.now();
  if (now.clocks) {
    const remaining = now.clocks.banks.map((ms, s) =>
      now.clocks!.running.includes(s) ? Math.max(0, ms - (at - now.clocks!.since)) : ms,
    );
    return { clock: { remaining, increment: (match.clock?.incrementSeconds ?? 0) * 1000 } };
  }
  if (now.deadline !== undefined) {
    // A per-move clock: a third of what is left, so that the answer is back well before it runs out.
    const left = now.deadline - at;
    return { budget: { ms: Math.max(10, Math.min(10_000, Math.floor(left / 3))) } };
  }
  void seat;
  return { budget: { ms: UNTIMED_MS } };
}
