import type { Lang } from '@roundtable/core';
import type { ClientMessage, EventView } from '@roundtable/protocol';

/** Whether the page hears the event's changes as they happen (`live`), or relies on asking again (`down`). */
export type LiveState = 'connecting' | 'live' | 'down';

/** A quiet socket is pinged after this long, and dropped for another when the ping is not answered in ANSWER_MS. */
const QUIET_MS = 25_000;
const ANSWER_MS = 5000;

/**
 * An event watched over the server's WebSocket (`/ws`, `watch-event`): `onDetail` gets the event as anyone sees
 * it, now and after each change (a round paired, a result, an entrant in or out, the start, the end). The socket
 * comes back by itself after a drop, with a growing delay; `onState` says when it is up, so that the page asks
 * over HTTP often only while it is not. An event that does not exist is not watched again. Returns the stop.
 */
export function watchEvent(
  id: string,
  lang: Lang,
  onDetail: (view: EventView) => void,
  onState: (state: LiveState) => void,
): () => void {
  let ws: WebSocket | null = null;
  let stopped = false;
  let retry = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let heard = Date.now();
  let pinged: number | null = null;
  const send = (ws: WebSocket, m: ClientMessage): void => ws.send(JSON.stringify(m));

  const connect = (): void => {
    if (stopped) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws?lang=${lang}`;
    const socket = new WebSocket(url);
    ws = socket;
    heard = Date.now();
    pinged = null;
    socket.onopen = () => send(socket, { t: 'watch-event', id: 1, event: id });
    socket.onmessage = (e) => {
      heard = Date.now();
      pinged = null;
      let m: { t?: unknown; event?: unknown; detail?: EventView; id?: unknown };
      try {
        m = JSON.parse(String(e.data)) as typeof m;
      } catch {
        return;
      }
      if (m.t === 'event' && m.event === id && m.detail) {
        retry = 0;
        onState('live');
        onDetail(m.detail);
      } else if (m.t === 'error' && m.id === 1) {
        // Refused (no such event, or the server offers no watching): the page asks over HTTP instead.
        stopped = true;
        socket.close();
        onState('down');
      }
    };
    socket.onclose = () => lost(socket);
    socket.onerror = () => undefined;
  };
  const lost = (socket: WebSocket): void => {
    if (ws !== socket) return;
    ws = null;
    onState('down');
    if (!stopped) timer = setTimeout(connect, Math.min(10_000, 500 * 2 ** retry++));
  };
  // A socket cut off without closing (a frozen server process) says nothing: pinged, then replaced.
  const watchdog = setInterval(() => {
    const socket = ws;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    const now = Date.now();
    if (pinged !== null && now - pinged > ANSWER_MS) {
      // Without waiting for a closing handshake that a frozen process would never answer.
      socket.onclose = null;
      socket.close();
      lost(socket);
    } else if (pinged === null && now - heard > QUIET_MS) {
      pinged = now;
      send(socket, { t: 'ping' });
    }
  }, 1000);
  connect();
  return () => {
    stopped = true;
    clearInterval(watchdog);
    if (timer) clearTimeout(timer);
    const socket = ws;
    ws = null;
    socket?.close();
  };
}
