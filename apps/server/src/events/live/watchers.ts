import { err, ok, type Result } from '@roundtable/core';
import { EVENT_WATCH_MAX, type EventDetail, type EventView } from '@roundtable/protocol';
import type { Logger } from 'pino';
import { encode, type Outgoing } from '../../outgoing.ts';
import type { EventBus } from './bus.ts';

/** A connection watching events (socket.ts's): it is sent their detail as it changes. */
export interface EventWatcher {
  send(text: Outgoing): void;
}

export interface WatchersOptions {
  /** How long after a change the detail is read and sent (ms): the changes of a moment go out as one message. */
  readonly delayMs?: number;
  /** The least time between two sends of one event (ms): an event changing all the time is sent at this pace… */
  readonly gapMs?: number;
  /**
   * …or slower for a big one: at most this many bytes a second of one event to each watcher (a 500-player arena's
   * detail, about a megabyte, goes every 4 s, as often as the page used to ask for it; a small event's, at once).
   */
  readonly bytesPerSecond?: number;
}

/** What a spectator may see of an event: the detail as asked by nobody (`entered` is each viewer's own). */
export function spectatorView(detail: EventDetail): EventView {
  const { entered: _entered, ...view } = detail;
  return view;
}

/**
 * The watchers of events on this process. A change told by the bus (by this process's runner or another's) is
 * sent to this process's watchers of that event: the detail read once, encoded once, sent to each. Changes close
 * together are sent together (`delayMs`), and one event at most every `gapMs`, so a busy arena costs one read a
 * gap, however many watch it.
 */
export class EventWatchers {
  private readonly byEvent = new Map<string, Set<EventWatcher>>();
  private readonly byWatcher = new Map<EventWatcher, Set<string>>();
  private readonly due = new Map<string, NodeJS.Timeout>();
  /** When each event was last sent, and how long until it may be sent again (ms). */
  private readonly sentAt = new Map<string, { at: number; gap: number }>();
  private closed = false;

  constructor(
    private readonly detail: (id: string) => Promise<Result<EventDetail>>,
    bus: EventBus,
    private readonly log: Logger,
    private readonly o: WatchersOptions = {},
  ) {
    bus.hear((id) => this.changed(id));
  }

  /** `w` watches event `id` from now on, and is sent its detail now (answering request `req`). */
  async watch(w: EventWatcher, id: string, req?: number): Promise<Result<void>> {
    const mine = this.byWatcher.get(w);
    if (!mine?.has(id) && (mine?.size ?? 0) >= EVENT_WATCH_MAX)
      return err({ code: 'EVENT_WATCH_MAX', max: EVENT_WATCH_MAX });
    const detail = await this.detail(id);
    if (!detail.ok) return detail;
    const events = this.byWatcher.get(w) ?? new Set<string>();
    this.byWatcher.set(w, events);
    events.add(id);
    const watchers = this.byEvent.get(id) ?? new Set<EventWatcher>();
    this.byEvent.set(id, watchers);
    watchers.add(w);
    w.send(
      encode({ t: 'event', ...(req !== undefined ? { id: req } : {}), event: id, detail: spectatorView(detail.value) }),
    );
    return ok(undefined);
  }

  /** `w` no longer watches `id` (nothing happens if it did not). */
  unwatch(w: EventWatcher, id: string): void {
    const events = this.byWatcher.get(w);
    events?.delete(id);
    if (events?.size === 0) this.byWatcher.delete(w);
    const watchers = this.byEvent.get(id);
    watchers?.delete(w);
    if (watchers?.size !== 0) return;
    // Nobody watches it here any more: nothing is planned or kept for it.
    this.byEvent.delete(id);
    this.sentAt.delete(id);
    const due = this.due.get(id);
    if (due) clearTimeout(due);
    this.due.delete(id);
  }

  /** The connection closed: it watches nothing any more. */
  drop(w: EventWatcher): void {
    for (const id of [...(this.byWatcher.get(w) ?? [])]) this.unwatch(w, id);
  }

  /** How many connections here watch `id` (tests, health). */
  count(id: string): number {
    return this.byEvent.get(id)?.size ?? 0;
  }

  /** Event `id` changed: its watchers here are sent its detail shortly. */
  changed(id: string): void {
    if (this.closed || !this.byEvent.has(id) || this.due.has(id)) return;
    const last = this.sentAt.get(id);
    const wait = Math.max(this.o.delayMs ?? 100, last ? last.at + last.gap - Date.now() : 0);
    const timer = setTimeout(() => void this.send(id), wait);
    timer.unref();
    this.due.set(id, timer);
  }

  private async send(id: string): Promise<void> {
    this.due.delete(id);
    // Planned during the last send, before its size set the gap: planned again.
    const last = this.sentAt.get(id);
    if (last && last.at + last.gap > Date.now() + 10) return this.changed(id);
    const at = Date.now();
    // A change told while the detail is read is sent after it, a gap later.
    this.sentAt.set(id, { at, gap: this.o.gapMs ?? 500 });
    try {
      const detail = await this.detail(id);
      const watchers = this.byEvent.get(id);
      if (!detail.ok || !watchers) return;
      const text = encode({ t: 'event', event: id, detail: spectatorView(detail.value) });
      const gap = (text.length / (this.o.bytesPerSecond ?? 250_000)) * 1000;
      this.sentAt.set(id, { at, gap: Math.max(this.o.gapMs ?? 500, gap) });
      for (const w of watchers) w.send(text);
    } catch (e) {
      this.log.warn({ err: e, event: id }, 'events: could not send a change to its watchers');
    }
  }

  close(): void {
    this.closed = true;
    for (const t of this.due.values()) clearTimeout(t);
    this.due.clear();
  }
}
