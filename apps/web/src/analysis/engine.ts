import type { Evaluation } from '@roundtable/ai';

export type EngineListener = (ev: Evaluation, final: boolean) => void;

/**
 * One analysis at a time in a Web Worker. A new position, or stop, ends the worker searching the old one: the
 * next search starts a fresh worker (its start is a fraction of the first depth's time).
 */
export class AnalysisEngine {
  private worker: Worker | null = null;
  private busy = false;
  private id = 0;
  private listener: EngineListener | null = null;

  start(gameId: string, state: unknown, listener: EngineListener): void {
    this.stop();
    this.worker ??= this.spawn();
    this.busy = true;
    this.listener = listener;
    this.worker.postMessage({ id: ++this.id, gameId, state });
  }

  stop(): void {
    if (this.busy && this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
    this.busy = false;
    this.listener = null;
  }

  private spawn(): Worker {
    const w = new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<{ id: number; ev?: Evaluation; final?: boolean; error?: string }>) => {
      if (e.data.id !== this.id || !this.listener) return;
      if (e.data.ev) this.listener(e.data.ev, e.data.final === true);
      if (e.data.final || e.data.error) this.busy = false;
    };
    return w;
  }
}
