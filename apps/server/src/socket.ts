import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import type { GameError, Lang, Result, Seat } from '@roundtable/core';
import { ClientMessage, CLOSE, LIMITS } from '@roundtable/protocol';
import type { LiveMatch, Listener } from './live-match.ts';
import type { MatchService } from './match-service.ts';
import { errorBody } from './errors.ts';
import { encode, type Outgoing } from './outgoing.ts';
import { addressKey } from './address.ts';
import type { Me } from './accounts/service.ts';
import type { Table, TableListener } from './social/table.ts';

/** The table's side (social/): chat, resignations and offers, and who a connection's session cookie is. */
export interface TableLink {
  readonly table: Table;
  /** The account of a `Cookie` header's session, or of a bot token (`Authorization: Bearer`), or null. */
  whoIs(cookie: string | undefined, botToken?: string): Promise<Me | null>;
  /** The message rate of a connection that came with a bot token (an engine: `--bot-rate`). */
  readonly botRate?: Rate;
  /** The seat an account holds in a match (social/people.ts `seatOf`), or null. */
  seatOf?(me: Me, live: LiveMatch): Promise<Seat | null>;
  /** Events watched live (events/live/watchers.ts): `watch-event`, `unwatch-event`. */
  readonly events?: EventWatch;
}

/** Watching an event's page live: a connection is sent the event's detail as it changes. */
export interface EventWatch {
  watch(w: { send(text: Outgoing): void }, event: string, req?: number): Promise<Result<void>>;
  unwatch(w: { send(text: Outgoing): void }, event: string): void;
  drop(w: { send(text: Outgoing): void }): void;
}

/** A client that keeps sending what we refuse is cut off after this many refusals in a row. */
const MAX_REFUSALS = 50;
/** A client that does not read its messages is cut off when this much is queued for it. */
const MAX_BUFFERED = 4 * 1024 * 1024;

/**
 * The move message as clients write it (`{"t":"move","id":7,"move":"F6-F7"}`, keys in that order, no spaces),
 * with a move of plain notation characters (no quote, no backslash: the text is the string JSON.parse would
 * give). Every move comes this way: it skips JSON.parse and the schema (a few µs of every move, PERFORMANCE.md).
 * Anything else takes the full path; what matches here is exactly what `ClientMessage` accepts (checked in
 * fast-move.test.ts).
 */
const FAST_MOVE = new RegExp(
  `^\\{"t":"move","id":(0|[1-9]\\d{0,14}),"move":"([A-Za-z0-9 _.,:;!?+*#=@&%~^<>()\\[\\]/|-]{1,${LIMITS.maxMoveLength}})"\\}$`,
);

/** A move message read by the fast path, or null: take the full path (JSON.parse, then the schema). */
export function fastMove(text: string): Extract<ClientMessage, { t: 'move' }> | null {
  const m = FAST_MOVE.exec(text);
  return m ? { t: 'move', id: Number(m[1]), move: m[2]! } : null;
}

interface Rate {
  readonly perSecond: number;
  readonly burst: number;
}

/**
 * One WebSocket: a thin layer that checks each message (size, rate, JSON, schema) and hands it to the match
 * service. Nothing a client sends can throw past this class: the worst it gets is an error or a closed socket.
 */
class Connection implements Listener, TableListener {
  seat: Seat | null = null;
  lang: Lang;
  lastKey: string | null = null;
  watcher: string | null = null;
  muted = false;
  private me: Promise<Me | null> | null = null;
  private live: LiveMatch | null = null;
  private tokens: number;
  private refill = Date.now();
  private refusals = 0;
  private attaching = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly service: MatchService,
    private readonly rate: Rate,
    private readonly log: Logger,
    lang: Lang,
    private readonly social: {
      link: TableLink;
      cookie: string | undefined;
      sameOrigin: boolean;
      botToken?: string;
    } | null = null,
  ) {
    this.lang = lang;
    this.tokens = rate.burst;
  }

  /** The account of the session cookie sent with the upgrade, read once when first needed. */
  account(): Promise<Me | null> {
    if (!this.social) return Promise.resolve(null);
    this.me ??= this.social.link.whoIs(this.social.cookie, this.social.botToken).catch(() => null);
    return this.me;
  }

  send(text: Outgoing): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED) {
      this.ws.terminate();
      return;
    }
    this.ws.send(text);
  }

  private fail(error: GameError, id?: number): void {
    const body = errorBody(error, this.lang, this.live?.game);
    this.send(encode({ t: 'error', ...(id !== undefined ? { id } : {}), ...body }));
  }

  private refuse(error: GameError, id?: number): void {
    this.fail(error, id);
    if (++this.refusals > MAX_REFUSALS) this.ws.close(CLOSE.policy, 'too many refused messages');
  }

  private allow(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.rate.burst, this.tokens + ((now - this.refill) / 1000) * this.rate.perSecond);
    this.refill = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    return false;
  }

  onMessage(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    if (isBinary) return this.refuse({ code: 'BAD_MESSAGE', reason: 'messages are JSON text' });
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Buffer.from(data).toString('utf8');
    if (!this.allow()) {
      this.refusals++;
      if (this.refusals > MAX_REFUSALS) return this.ws.close(CLOSE.rateLimited, 'rate limited');
      // Not parsed (that is the point), but the request id is echoed so the client knows what was refused.
      const id = /"id"\s*:\s*(\d{1,15})[,}]/.exec(text)?.[1];
      // An engine is told its own, lower rate (bot-accounts/): what it may send, so that it can pace its moves.
      const refusal: GameError =
        this.social?.botToken !== undefined
          ? { code: 'BOT_RATE_LIMITED', perSecond: this.rate.perSecond, burst: this.rate.burst }
          : { code: 'RATE_LIMITED' };
      return this.fail(refusal, id === undefined ? undefined : Number(id));
    }
    const move = fastMove(text);
    if (move) {
      this.handle(move).catch((e: unknown) => {
        this.log.error({ err: e }, 'message handler failed');
        this.fail({ code: 'INTERNAL' });
      });
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return this.refuse({ code: 'BAD_MESSAGE', reason: 'not JSON' });
    }
    const parsed = ClientMessage.safeParse(raw);
    if (!parsed.success) {
      const t = typeof raw === 'object' && raw !== null ? (raw as { t?: unknown }).t : undefined;
      const id =
        typeof raw === 'object' && raw !== null && Number.isSafeInteger((raw as { id?: unknown }).id)
          ? (raw as { id: number }).id
          : undefined;
      const known = [
        ...['attach', 'move', 'legal', 'detach', 'ping', 'chat', 'mute', 'resign', 'offer', 'answer'],
        ...['watch-event', 'unwatch-event'],
      ];
      const reason =
        typeof t !== 'string' || !known.includes(t)
          ? `unknown message type ${JSON.stringify(t ?? null)} (known: ${known.join(', ')})`
          : zodReason(parsed.error.issues);
      return this.refuse({ code: 'BAD_MESSAGE', reason }, id !== undefined && id >= 0 ? id : undefined);
    }
    this.handle(parsed.data).catch((e: unknown) => {
      this.log.error({ err: e }, 'message handler failed');
      this.fail({ code: 'INTERNAL' });
    });
  }

  private async handle(msg: ClientMessage): Promise<void> {
    switch (msg.t) {
      case 'ping':
        return this.send(encode({ t: 'pong', ...(msg.id !== undefined ? { id: msg.id } : {}) }));
      case 'attach':
        return this.attach(msg);
      case 'detach':
        this.leaveCurrent();
        return this.send(encode({ t: 'detached', ...(msg.id !== undefined ? { id: msg.id } : {}) }));
      case 'legal': {
        if (!this.live) return this.refuse({ code: 'NOT_ATTACHED' }, msg.id);
        const moves = this.service.legal(this.live, this.seat);
        return this.send(encode({ t: 'legal', ...(msg.id !== undefined ? { id: msg.id } : {}), moves }));
      }
      case 'move': {
        if (!this.live) return this.refuse({ code: 'NOT_ATTACHED' }, msg.id);
        const played = this.service.play(this.live, this, msg.move, msg.id);
        if (!played.ok) return this.refuse(played.error, msg.id);
        this.refusals = 0;
        return;
      }
      case 'chat':
      case 'mute':
      case 'resign':
      case 'offer':
      case 'answer': {
        if (!this.live) return this.refuse({ code: 'NOT_ATTACHED' }, msg.id);
        if (!this.social)
          return this.refuse({ code: 'BAD_MESSAGE', reason: `${msg.t} is not offered by this server` }, msg.id);
        const done = await this.social.link.table.handle(this.live, this, msg);
        if (!done.ok) return this.refuse(done.error, msg.id);
        this.refusals = 0;
        return this.send(encode({ ...(done.value ?? { t: 'ok' }), ...(msg.id !== undefined ? { id: msg.id } : {}) }));
      }
      case 'watch-event':
      case 'unwatch-event': {
        const events = this.social?.link.events;
        if (!events)
          return this.refuse({ code: 'BAD_MESSAGE', reason: `${msg.t} is not offered by this server` }, msg.id);
        if (msg.t === 'unwatch-event') {
          events.unwatch(this, msg.event);
          return this.send(encode({ t: 'ok', ...(msg.id !== undefined ? { id: msg.id } : {}) }));
        }
        const watched = await events.watch(this, msg.event, msg.id);
        if (!watched.ok) return this.refuse(watched.error, msg.id);
        // Closed while the event was read: onClose has dropped what it watched before this was added.
        if (this.ws.readyState !== this.ws.OPEN) events.drop(this);
        this.refusals = 0;
        return;
      }
    }
  }

  private async attach(msg: Extract<ClientMessage, { t: 'attach' }>): Promise<void> {
    if (this.attaching) return this.refuse({ code: 'BAD_MESSAGE', reason: 'an attach is already in progress' }, msg.id);
    if (msg.lang) this.lang = msg.lang;
    this.attaching = true;
    const started = Date.now();
    try {
      let live: LiveMatch;
      let seat: Seat | null = null;
      if (msg.token !== undefined) {
        const found = await this.service.resolveToken(msg.token, msg.match);
        if (!found.ok) return this.refuse(found.error, msg.id);
        live = found.value.live;
        seat = found.value.seat;
      } else {
        if (msg.match === undefined)
          return this.refuse({ code: 'BAD_MESSAGE', reason: 'attach needs a match id or a seat token' }, msg.id);
        const found = await this.service.open(msg.match);
        if (!found.ok) return this.refuse(found.error, msg.id);
        live = found.value;
        // A signed-in player on another device (no token there): the session's account attaches as its own seat;
        // only from a page of this site (a sibling site sharing the cookie must not open a socket that plays).
        const me = this.social?.sameOrigin && this.social.link.seatOf ? await this.account() : null;
        if (me) seat = await this.social!.link.seatOf!(me, live).catch(() => null);
        else if (this.social?.botToken !== undefined) return this.refuse({ code: 'BAD_BOT_TOKEN' }, msg.id);
      }
      // A spectator is named to the table by its account; without one it is counted.
      const watcher = seat === null && this.social?.sameOrigin ? ((await this.account())?.name ?? null) : null;
      if (this.ws.readyState !== this.ws.OPEN) return;
      this.leaveCurrent();
      this.live = live;
      this.seat = seat;
      this.watcher = watcher;
      this.refusals = 0;
      this.service.attach(live, this, msg.id);
      if (this.social)
        this.social.link.table
          .attached(live, this)
          .catch((e: unknown) => this.log.warn({ err: e, match: live.id }, 'could not send the table on attach'));
    } finally {
      this.attaching = false;
      // An attach waits on storage (loading the match) and on the cluster (its lease): a slow one says which.
      const ms = Date.now() - started;
      if (ms > 2000) this.log.warn({ ms, match: this.live?.id ?? msg.match ?? null }, 'slow attach');
    }
  }

  private leaveCurrent(): void {
    if (this.live) this.service.detach(this.live, this);
    this.live = null;
    this.seat = null;
    this.lastKey = null;
  }

  onClose(): void {
    this.leaveCurrent();
    this.social?.link.events?.drop(this);
  }
}

/**
 * A browser names the page that opened a WebSocket in `Origin`: it must be this site (the host the request was
 * sent to, or the one a proxy says it was). Programs send no Origin; they hold the cookie themselves anyway.
 */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    const host = new URL(origin).host;
    const forwarded = req.headers['x-forwarded-host'];
    return (
      host === req.headers.host ||
      (typeof forwarded === 'string' && forwarded.split(',').some((h) => h.trim() === host))
    );
  } catch {
    return false;
  }
}

function zodReason(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const first = issues[0];
  if (!first) return 'invalid message';
  const path = first.path.map(String).join('.');
  return path ? `${path}: ${first.message}` : first.message;
}

export interface SocketLayer {
  readonly wss: WebSocketServer;
  /** Connections open now, and from how many addresses (IPv6 counted by /64). */
  counts(): { sockets: number; addresses: number };
  close(): void;
}

export function createSocketLayer(
  service: MatchService,
  rate: Rate,
  log: Logger,
  perAddress = Infinity,
  table: TableLink | null = null,
): SocketLayer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: LIMITS.maxMessageBytes, perMessageDeflate: false });
  const open = new Map<string, number>();
  let total = 0;
  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const lang: Lang = url.searchParams.get('lang') === 'fr' ? 'fr' : 'en';
    const address = addressKey(req.socket.remoteAddress);
    const count = open.get(address) ?? 0;
    ws.on('error', (e) => log.debug({ err: e.message }, 'websocket error'));
    if (count >= perAddress) {
      // Told why, in words the client can show, then closed: it never reaches the match service.
      ws.send(encode({ t: 'error', ...errorBody({ code: 'TOO_MANY_CONNECTIONS', max: perAddress }, lang) }));
      ws.close(CLOSE.tooManyConnections, 'too many connections from this address');
      return;
    }
    open.set(address, count + 1);
    total++;
    // A program playing a bot account says so with its bot token (bot-accounts/); a browser cannot send this header.
    const bearer = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(req.headers.authorization ?? '')?.[1];
    const botToken = table && bearer !== undefined ? bearer : undefined;
    const conn = new Connection(
      ws,
      service,
      botToken !== undefined && table?.botRate ? table.botRate : rate,
      log,
      lang,
      // A page of another site gets no account identity at all (no seat, no name to chat under): its cookie is dropped.
      table
        ? {
            link: table,
            cookie: sameOrigin(req) ? req.headers.cookie : undefined,
            sameOrigin: sameOrigin(req),
            ...(botToken !== undefined ? { botToken } : {}),
          }
        : null,
    );
    ws.on('message', (data, isBinary) => conn.onMessage(data, isBinary));
    ws.on('close', () => {
      total--;
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
      conn.onClose();
    });
    // Oversized frames and protocol violations are reported on 'error' (above); ws closes the socket itself (1009, 1002).
  });
  return {
    wss,
    counts: () => ({ sockets: total, addresses: open.size }),
    close() {
      for (const ws of wss.clients) ws.close(CLOSE.shutdown, 'server shutting down');
      wss.close();
    },
  };
}
