import type { BotMemory } from '@roundtable/ai';

/** Asks the bot worker for a move. One worker for the page, started on the first question. */
export interface BotQuestion {
  readonly gameId: string;
  readonly view: unknown;
  readonly seat: number;
  readonly level: string;
  readonly seed: string;
  /**
   * What the match's bots remember (packages/ai `BotMemory`), kept by the session and dropped with the match:
   * it travels to the worker and comes back changed into this same object.
   */
  readonly memory: BotMemory;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (move: string | null) => void; reject: (e: Error) => void; memory: BotMemory }
>();

function start(): Worker {
  const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (e: MessageEvent<{ id: number; move?: string | null; error?: string; memory?: BotMemory }>) => {
    const p = pending.get(e.data.id);
    if (!p) return;
    pending.delete(e.data.id);
    if (e.data.memory) Object.assign(p.memory, e.data.memory);
    if (e.data.error !== undefined) p.reject(new Error(e.data.error));
    else p.resolve(e.data.move ?? null);
  };
  w.onerror = (e) => {
    for (const p of pending.values()) p.reject(new Error(e.message || 'bot worker failed'));
    pending.clear();
    worker = null;
  };
  return w;
}

export function askBot(q: BotQuestion): Promise<string | null> {
  worker ??= start();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, memory: q.memory });
    worker?.postMessage({ id, ...q });
  });
}
