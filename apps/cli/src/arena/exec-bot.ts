import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Clock } from '../engine/clock.ts';

/** What the arena tells an outside engine on its turn: public facts and this seat's view, nothing else. */
export interface TurnRequest {
  readonly game: string;
  readonly players: number;
  readonly options: unknown;
  readonly seat: number;
  readonly ply: number;
  readonly view: unknown;
  readonly legal: readonly string[];
  readonly clock?: Clock;
  readonly budget?: { readonly ms?: number; readonly iterations?: number };
}

/** How long an outside engine may take to start and say hello (npx and TypeScript loading are slow). */
const HELLO_MS = 60_000;
/** Without a clock or a time budget, a move may take this long before the engine forfeits. */
const UNTIMED_MOVE_MS = 120_000;
/** Beyond its clock or budget, the time an answer may take to travel. */
const GRACE_MS = 2_000;

/**
 * An outside engine the arena plays (`--bots exec:"COMMAND"`): a program speaking the engine protocol on its
 * standard input and output (PROTOCOL.md, "The bot side"). It is started once per entrant and sent `hello`, then
 * one `turn` request per move with that seat's view only — never the state, never the seed. A crash, a silence
 * past its time or a refused turn is a forfeit of that game, not the end of the arena.
 */
export class ExecEngine {
  private child: ChildProcessWithoutNullStreams | null = null;
  private readonly waiting = new Map<number, (line: Record<string, unknown> | Error) => void>();
  private nextId = 1;
  private stderr = '';
  private ended: Error | null = null;
  name: string;

  constructor(readonly command: string) {
    this.name = `exec:${command.length > 24 ? `${command.slice(0, 23)}…` : command}`;
  }

  /** Starts the program and checks its `hello`. Throws (a usage error for the arena) if it does not speak the protocol. */
  async start(): Promise<void> {
    const child = spawn(this.command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child = child;
    child.stderr.on('data', (d: Buffer) => (this.stderr = (this.stderr + d.toString()).slice(-2000)));
    child.stdin.on('error', () => {}); // a dead engine is noticed by its exit
    createInterface({ input: child.stdout }).on('line', (text) => {
      let line: unknown;
      try {
        line = JSON.parse(text);
      } catch {
        return; // not a protocol line: ignored
      }
      if (typeof line !== 'object' || line === null || !('ok' in line)) return; // info lines and the like
      const id = (line as { id?: unknown }).id;
      const waiter = typeof id === 'number' ? this.waiting.get(id) : undefined;
      if (waiter && typeof id === 'number') {
        this.waiting.delete(id);
        waiter(line as Record<string, unknown>);
      }
    });
    child.on('exit', (code, signal) => {
      this.ended = new Error(
        `${this.name} exited (${signal ?? `code ${String(code)}`})${this.stderr ? `: ${this.stderr.trim().split('\n').slice(-3).join(' / ')}` : ''}`,
      );
      for (const waiter of this.waiting.values()) waiter(this.ended);
      this.waiting.clear();
    });
    child.on('error', (e) => {
      this.ended = new Error(`${this.name} could not be started: ${e.message}`);
      for (const waiter of this.waiting.values()) waiter(this.ended);
      this.waiting.clear();
    });
    const hello = await this.ask({ cmd: 'hello', protocol: 2 }, HELLO_MS);
    if (hello instanceof Error) throw hello;
    if (hello.ok !== true) throw new Error(`${this.name} refused hello: ${JSON.stringify(hello).slice(0, 200)}`);
    if (typeof hello.engine === 'string' && hello.engine.length > 0) this.name = `exec:${hello.engine.slice(0, 24)}`;
  }

  /** The engine's move for this turn, or why it forfeits. */
  async turn(request: TurnRequest): Promise<{ move: string } | { forfeit: string }> {
    const limit = request.clock
      ? (request.clock.remaining[request.seat] ?? 0) + GRACE_MS
      : request.budget?.ms !== undefined
        ? request.budget.ms * 2 + GRACE_MS
        : UNTIMED_MOVE_MS;
    const answer = await this.ask({ cmd: 'turn', ...request }, limit);
    if (answer instanceof Error) return { forfeit: answer.message };
    if (answer.ok !== true || typeof answer.move !== 'string')
      return { forfeit: `${this.name} answered ${JSON.stringify(answer).slice(0, 200)}` };
    return { move: answer.move };
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || this.ended) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin.end(`${JSON.stringify({ cmd: 'quit' })}\n`);
    const timer = setTimeout(() => child.kill(), 3_000);
    await exited;
    clearTimeout(timer);
  }

  private ask(body: Record<string, unknown>, timeoutMs: number): Promise<Record<string, unknown> | Error> {
    if (this.ended) return Promise.resolve(this.ended);
    const child = this.child;
    if (!child) return Promise.resolve(new Error(`${this.name} is not running`));
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(new Error(`${this.name} did not answer within ${Math.round(timeoutMs)} ms`));
      }, timeoutMs);
      this.waiting.set(id, (line) => {
        clearTimeout(timer);
        resolve(line);
      });
      child.stdin.write(`${JSON.stringify({ ...body, id })}\n`);
    });
  }
}
