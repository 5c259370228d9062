import { readFileSync } from 'node:fs';
import {
  createRng,
  describeError,
  err,
  Match,
  ok,
  type AnyGame,
  type GameError,
  type MessageCatalog,
  type Result,
  type Seed,
} from '@roundtable/core';
import { newBotMemory, type BotMemory } from '@roundtable/ai';
import { DEFAULT_LEVEL, levelFor } from '../levels.ts';
import { cliMessages } from '../messages.ts';
import { maxPerftDepth, perft } from '../perft.ts';
import { findGame, type Registry } from '../registry.ts';
import { moveTime } from './clock.ts';
import { describeGame } from './describe.ts';
import { MAX_DEPTH, MAX_ID_LENGTH, MAX_LINE_BYTES, nestingDepth, topLevelId } from './guard.ts';
import type { SearchJob, SearchMessage } from './jobs.ts';
import { engineMessages } from './messages.ts';
import { loadRecord } from './record.ts';
import { COMMANDS, describeIssues, isCommand, requestSchemas, type Request } from './schema.ts';

export type Response = Record<string, unknown>;

/** The engine's name and version in `hello`; the protocol's version grows when commands or fields are added. */
export const ENGINE_NAME = 'Round Table';
export const ENGINE_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
/** 1: the first contract; 2: hello, isready, stop, info lines, clocks, the bot side (`seat` requests). */
export const PROTOCOL_VERSION = 2;

/** Levels that answer at once on the session's thread; the searching levels run on the search thread. */
const INSTANT_LEVELS = new Set(['random', 'greedy']);

export interface EngineOptions {
  /** The level of `bot` and `turn` requests that name none (`roundtable engine --level`). */
  readonly level?: string;
}

/** What one line asks for: an answer now, or a search whose answer comes later (see serve.ts). */
export type Step =
  | { readonly kind: 'answer'; readonly response: Response; readonly quit: boolean }
  | { readonly kind: 'search'; readonly search: PendingSearch };

/** A `bot` or `perft` handed to the search thread, and how its messages become response lines. */
export interface PendingSearch {
  readonly what: 'bot' | 'perft';
  readonly job: SearchJob;
  /**
   * A view from outside (`turn`) may make a bot loop where no stop flag is read: past this many milliseconds the
   * search thread is ended and the request refused (BAD_VIEW). Absent: the search is trusted to end.
   */
  readonly watchdogMs?: number;
  /** The final response from the thread's `done` message. */
  finish(message: Extract<SearchMessage, { kind: 'done' }>): Response;
  /** An `info` line for a progress message, when the client asked for them. */
  progress(message: SearchMessage): Response | null;
  /** Perft only: the response when `stop` ends the count (the deepest depth completed). */
  stopped(): Response;
}

/** A request read from a line, or the refusal of the line. */
type Parsed =
  | { readonly ok: true; readonly request: Request; readonly id: string | number | undefined }
  | { readonly ok: false; readonly response: Response };

/**
 * One engine session: at most one match, driven by JSON requests (PROTOCOL.md). `handle` never throws and a
 * refused request never changes the match: every command either succeeds whole or answers an error value. The
 * line is measured before it is parsed (nesting depth), so no input can exhaust the stack.
 */
export class EngineSession {
  private match: Match | null = null;
  /** The session's match's bot memory (packages/ai `BotMemory`): a new or loaded match starts it afresh. */
  private readonly botMemory = new WeakMap<Match, BotMemory>();
  private nextJob = 1;

  constructor(
    private readonly registry: Registry,
    private readonly options: EngineOptions = {},
  ) {}

  /** Answers one line, or hands back the search it starts. */
  handle(line: string): Step {
    let parsed: Parsed;
    try {
      parsed = this.parse(line);
    } catch (e) {
      return answer(this.refuse(undefined, internal(e)));
    }
    if (!parsed.ok) return answer(parsed.response);
    const { request, id } = parsed;
    try {
      const result = this.run(request, id);
      if ('search' in result) return { kind: 'search', search: result.search };
      return {
        kind: 'answer',
        response: result.ok
          ? { ...(id !== undefined ? { id } : {}), ok: true, ...result.value }
          : this.refuse(id, result.error, this.gameOf(request)?.messages),
        quit: result.ok && request.cmd === 'quit',
      };
    } catch (e) {
      // A throw here is a bug in a game or a bot; the match is still whole (Match commits only on success).
      return answer(this.refuse(id, internal(e), this.match?.game.messages));
    }
  }

  /** The command of a line if it is a valid request (serve.ts answers `isready` and `stop` during a search). */
  peek(line: string): { readonly cmd: string; readonly id: string | number | undefined } | null {
    try {
      const parsed = this.parse(line);
      return parsed.ok ? { cmd: parsed.request.cmd, id: parsed.id } : null;
    } catch {
      return null;
    }
  }

  /** The answer to a line longer than the limit (the reader skipped it). */
  tooLong(bytes: number): Response {
    return this.refuse(undefined, { code: 'LINE_TOO_LONG', bytes, max: MAX_LINE_BYTES });
  }

  /** `isready` and `stop` as serve.ts answers them while a search runs. */
  readyResponse(id: string | number | undefined, busy: string | null): Response {
    return { ...(id !== undefined ? { id } : {}), ok: true, ready: true, busy };
  }

  stopResponse(id: string | number | undefined, stopping: string | null): Response {
    return { ...(id !== undefined ? { id } : {}), ok: true, stopping };
  }

  private parse(line: string): Parsed {
    const depth = nestingDepth(line, MAX_DEPTH);
    if (depth > MAX_DEPTH) {
      // Its id is read without parsing the line, so that a client matching answers by id gets this one.
      return refused(
        this.refuse(topLevelId(line), {
          code: 'BAD_REQUEST',
          reason: `the request nests deeper than ${MAX_DEPTH} levels`,
          reasonFr: `la requête est imbriquée sur plus de ${MAX_DEPTH} niveaux`,
          maxDepth: MAX_DEPTH,
        }),
      );
    }
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      return refused(
        this.refuse(undefined, {
          code: 'BAD_JSON',
          reason: (e as Error).message,
          reasonFr: `${(e as Error).message} (message de JSON.parse)`,
        }),
      );
    }
    const id = idOf(raw);
    if (typeof id === 'string' && id.length > MAX_ID_LENGTH) {
      // Refused rather than echoed in every answer and info line of a search; this one answer carries it.
      return refused(this.refuse(id, { code: 'ID_TOO_LONG', length: id.length, max: MAX_ID_LENGTH }));
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return refused(
        this.refuse(id, {
          code: 'BAD_REQUEST',
          reason: 'a request must be a JSON object with a "cmd"',
          reasonFr: 'une requête doit être un objet JSON avec un « cmd »',
        }),
      );
    }
    const proto = prototypeKey(raw);
    if (proto !== null) {
      return refused(
        this.refuse(id, {
          code: 'BAD_REQUEST',
          reason: `the field name "${proto}" is not allowed`,
          reasonFr: `le nom de champ « ${proto} » est interdit`,
          field: proto,
        }),
      );
    }
    const cmd = (raw as { cmd?: unknown }).cmd;
    if (!isCommand(cmd)) {
      const named =
        cmd === undefined ? '(none)' : typeof cmd === 'string' ? cmd.slice(0, 100) : JSON.stringify(cmd).slice(0, 100);
      return refused(this.refuse(id, { code: 'UNKNOWN_COMMAND', cmd: named, known: COMMANDS }));
    }
    const parsed = requestSchemas[cmd].safeParse(raw);
    if (!parsed.success)
      return refused(this.refuse(id, { code: 'BAD_REQUEST', cmd, ...describeIssues(parsed.error, raw) }));
    return { ok: true, request: parsed.data as Request, id };
  }

  private run(req: Request, id: string | number | undefined): Result<Response> | { search: PendingSearch } {
    switch (req.cmd) {
      case 'games':
        return ok({ games: Object.values(this.registry.games).map(describeGame) });
      case 'new':
        return this.create(req);
      case 'load':
        return this.load(req);
      case 'quit':
        return ok({});
      case 'hello':
        return ok({ engine: ENGINE_NAME, version: ENGINE_VERSION, protocol: PROTOCOL_VERSION, commands: COMMANDS });
      case 'isready':
        return ok({ ready: true, busy: null });
      case 'stop':
        return ok({ stopping: null });
      case 'turn':
        return this.turn(req, id);
      default:
        break;
    }
    const match = this.match;
    if (!match) return err({ code: 'NO_MATCH' });
    switch (req.cmd) {
      case 'status':
        return ok({
          game: match.game.id,
          players: match.players,
          ply: match.ply,
          toMove: [...match.toMove()],
          outcome: match.outcome(),
        });
      case 'legal': {
        const seat = req.seat ?? match.toMove()[0];
        if (seat === undefined) return ok({ moves: [] });
        const inRange = checkRange(match, seat);
        if (!inRange.ok) return inRange;
        return ok({ seat, moves: match.legalNotation(seat) });
      }
      case 'play': {
        const played = match.play(req.seat, req.move);
        if (!played.ok) return played;
        return ok({ move: played.value, toMove: [...match.toMove()], outcome: match.outcome() });
      }
      case 'outcome':
        return ok({ outcome: match.outcome() });
      case 'position': {
        const position = match.game.position;
        if (!position) return err({ code: 'NO_POSITION_STRINGS', game: match.game.id });
        return ok({ position: position.write(match.state) });
      }
      case 'view': {
        if (req.seat !== 'spectator') {
          const inRange = checkRange(match, req.seat);
          if (!inRange.ok) return inRange;
        }
        return ok({ seat: req.seat, view: match.game.view(match.state, req.seat) });
      }
      case 'bot':
        return this.bot(match, req, id);
      case 'perft':
        return this.perft(match, req, id);
      case 'undo': {
        if (match.ply === 0) return err({ code: 'NOTHING_TO_UNDO' });
        const undone = match.undo(Math.min(req.count ?? 1, match.ply));
        if (!undone.ok) return undone;
        return ok({ undone: undone.value, ply: match.ply, toMove: [...match.toMove()], outcome: match.outcome() });
      }
      case 'record':
        // With secrets the record tells what no view shows: its seed gives the deal (and the traitor), its moves
        // name face-down cards. Like the terminal, it is given once the game is over.
        if (!match.game.perfectInformation && !match.outcome())
          return err({ code: 'SECRET_UNTIL_OVER', game: match.game.id });
        return ok({ record: match.record() });
    }
  }

  private create(req: Request<'new'>): Result<Response> {
    const game = findGame(this.registry, req.game);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: req.game, known: Object.keys(this.registry.games) });
    const created = Match.create(game, {
      players: req.players,
      seed: req.seed,
      options: req.options,
      position: req.position,
    });
    if (!created.ok) return created;
    this.match = created.value;
    return ok(this.summary(created.value));
  }

  private load(req: Request<'load'>): Result<Response> {
    const id = req.record.game;
    if (typeof id !== 'string') {
      return err({
        code: 'BAD_RECORD',
        reason: '"game" must be a game id (a string)',
        reasonFr: '« game » doit être un identifiant de jeu (une chaîne)',
        field: 'game',
      });
    }
    const game = findGame(this.registry, id);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: id.slice(0, 100), known: Object.keys(this.registry.games) });
    const replayed = loadRecord(game, req.record, { ...cliMessages, ...game.messages });
    if (!replayed.ok) return replayed;
    this.match = replayed.value;
    return ok({ ...this.summary(replayed.value), ply: replayed.value.ply });
  }

  private summary(match: Match): Response {
    return { game: match.game.id, players: match.players, toMove: [...match.toMove()], outcome: match.outcome() };
  }

  private bot(
    match: Match,
    req: Request<'bot'>,
    id: string | number | undefined,
  ): Result<Response> | { search: PendingSearch } {
    const seat = match.checkSeat(req.seat);
    if (!seat.ok) return seat;
    // Seeded from the match and the ply unless the client gives a seed, so a session replays exactly (with an
    // iteration budget: a time budget depends on the machine, see PROTOCOL.md).
    const seed: Seed = req.seed ?? `${String(match.seed)}/bot/${match.ply}/${seat.value}`;
    const budget = {
      ...(req.ms !== undefined ? { ms: req.ms } : {}),
      ...(req.iterations !== undefined ? { iterations: req.iterations } : {}),
    };
    return this.decide(
      match.game,
      match.game.view(match.state, seat.value),
      seat.value,
      { ...req, seed, budget },
      id,
      false,
    );
  }

  /** The bot side: a move for one seat from its view alone, without a match (PROTOCOL.md, "the bot side"). */
  private turn(req: Request<'turn'>, id: string | number | undefined): Result<Response> | { search: PendingSearch } {
    const game = findGame(this.registry, req.game);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: req.game, known: Object.keys(this.registry.games) });
    if (req.players < game.minPlayers || req.players > game.maxPlayers)
      return err({ code: 'BAD_PLAYERS', players: req.players, min: game.minPlayers, max: game.maxPlayers });
    if (req.seat < 0 || req.seat >= req.players) return err({ code: 'BAD_SEAT', seat: req.seat, max: req.players - 1 });
    if (typeof req.view !== 'object' || req.view === null || Array.isArray(req.view)) {
      return err({
        code: 'BAD_REQUEST',
        cmd: 'turn',
        reason: '"view" must be the seat\'s view (an object)',
        reasonFr: '« view » doit être la vue du siège (un objet)',
      });
    }
    if (req.clock && req.budget) {
      return err({
        code: 'BAD_REQUEST',
        cmd: 'turn',
        reason: '"clock" replaces "budget": send one or the other',
        reasonFr: "« clock » remplace « budget » : envoyez l'un ou l'autre",
      });
    }
    // Without a seed the answer depends on the view alone (and the ply and seat): the same turn, the same move.
    const seed: Seed = req.seed ?? `turn/${game.id}/${req.ply ?? 0}/${req.seat}/${fnv1a(JSON.stringify(req.view))}`;
    return this.decide(
      game,
      req.view,
      req.seat,
      { level: req.level, clock: req.clock, info: req.info, seed, budget: req.budget ?? {} },
      id,
      true,
      req.players,
    );
  }

  /**
   * A bot's move for `seat` from `view`: instant levels answer here, searching levels on the search thread.
   * `outsideView`: the view came from the client (turn), so a bot that cannot read it is the view's fault.
   */
  private decide(
    game: AnyGame,
    view: unknown,
    seat: number,
    req: {
      level?: string | undefined;
      clock?: Request<'bot'>['clock'];
      info?: boolean | undefined;
      seed: Seed;
      budget: { ms?: number; iterations?: number };
      ms?: number | undefined;
      iterations?: number | undefined;
    },
    id: string | number | undefined,
    outsideView: boolean,
    players?: number,
  ): Result<Response> | { search: PendingSearch } {
    const level = req.level ?? this.options.level ?? DEFAULT_LEVEL;
    const resolved = levelFor(level, game.id);
    if (!resolved.ok) return resolved;
    const bot = resolved.value;
    if (req.clock && (req.ms !== undefined || req.iterations !== undefined)) {
      return err({
        code: 'BAD_REQUEST',
        cmd: 'bot',
        reason: '"clock" replaces "ms" and "iterations": send one or the other',
        reasonFr: "« clock » remplace « ms » et « iterations » : envoyez l'un ou l'autre",
      });
    }
    let budget = req.budget;
    let extra: Response = {};
    if (req.clock) {
      const ms = moveTime(req.clock, seat);
      if (ms === null) {
        return err({
          code: 'BAD_REQUEST',
          cmd: outsideView ? 'turn' : 'bot',
          reason: `"clock.remaining" has no time for seat ${seat}`,
          reasonFr: `« clock.remaining » ne donne pas de temps au siège ${seat}`,
        });
      }
      budget = { ms };
      extra = { ms };
    }
    const badView = (e: unknown): GameError => ({
      code: 'BAD_VIEW',
      reason: e instanceof Error ? e.message : String(e),
    });
    // A view from outside is checked where it can be (its own seat and player count), and always searched on the
    // search thread, under a watchdog: a view crafted to make a bot loop must not stop the session.
    if (outsideView) {
      const v = view as { players?: unknown; viewer?: unknown };
      if (v.players !== undefined && v.players !== players)
        return err(
          badView(`the view is for ${JSON.stringify(v.players)?.slice(0, 50)} players, the turn for ${players}`),
        );
      if (v.viewer !== undefined && v.viewer !== seat)
        return err(badView(`the view is seat ${JSON.stringify(v.viewer)?.slice(0, 50)}'s, the turn seat ${seat}'s`));
    }
    // What the bots remember of the session's match; a view from outside belongs to no match the session knows.
    const match = outsideView ? null : this.match;
    let memory = match ? this.botMemory.get(match) : undefined;
    if (match && !memory) this.botMemory.set(match, (memory = newBotMemory()));
    if (INSTANT_LEVELS.has(bot.level) && !outsideView) {
      const move = bot.choose({ game, view, seat, rng: createRng(req.seed), budget, ...(memory ? { memory } : {}) });
      if (move === null) return err({ code: 'NO_MOVE', seat });
      return ok({ seat, level: bot.level, move, ...extra });
    }
    const job: SearchJob = {
      kind: 'bot',
      id: this.nextJob++,
      gameId: game.id,
      level: bot.level,
      view,
      seat,
      seed: req.seed,
      budget,
      stop: new SharedArrayBuffer(4),
      info: req.info === true,
      ...(memory ? { memory } : {}),
    };
    const messages = game.messages;
    const head = id !== undefined ? { id } : {};
    return {
      search: {
        what: 'bot',
        job,
        ...(outsideView ? { watchdogMs: watchdog(budget, bot.level) } : {}),
        finish: (done) => {
          if (!done.ok) {
            const error = done.error as GameError;
            return this.refuse(
              id,
              outsideView && error.code === 'INTERNAL_ERROR' ? badView(error.reason) : error,
              messages,
            );
          }
          const move = done.value.move;
          if (match && done.value.memory) this.botMemory.set(match, done.value.memory as BotMemory);
          if (typeof move !== 'string') return this.refuse(id, { code: 'NO_MOVE', seat }, messages);
          return {
            ...head,
            ok: true,
            seat,
            level: bot.level,
            move,
            ...extra,
            ...(done.value.stopped === true ? { stopped: true } : {}),
          };
        },
        progress: (message) =>
          job.info && message.kind === 'info' && message.id === job.id ? { ...head, info: message.info } : null,
        stopped: () => this.refuse(id, { code: 'INTERNAL_ERROR', reason: 'the bot did not stop' }),
      },
    };
  }

  private perft(
    match: Match,
    req: Request<'perft'>,
    id: string | number | undefined,
  ): Result<Response> | { search: PendingSearch } {
    if (!match.game.perfectInformation) return err({ code: 'NOT_PERFECT_INFORMATION', game: match.game.id });
    const max = maxPerftDepth(match.game);
    if (req.depth < 0 || req.depth > max) return err({ code: 'BAD_DEPTH', depth: req.depth, max });
    // Shallow counts answer at once; deeper ones run on the search thread, where stop can end them.
    if (req.depth <= 2 && req.info !== true) {
      const count = perft(match.game, match.state, req.depth);
      return count.ok ? ok({ depth: req.depth, count: count.value }) : count;
    }
    const job: SearchJob = {
      kind: 'perft',
      id: this.nextJob++,
      gameId: match.game.id,
      record: match.record(),
      depth: req.depth,
    };
    const head = id !== undefined ? { id } : {};
    let completed: { depth: number; count: number } | null = null;
    const messages = match.game.messages;
    return {
      search: {
        what: 'perft',
        job,
        finish: (done) =>
          done.ok
            ? { ...head, ok: true, depth: req.depth, count: done.value.count }
            : this.refuse(id, done.error as GameError, messages),
        progress: (message) => {
          if (message.kind !== 'depth' || message.id !== job.id) return null;
          completed = { depth: message.depth, count: message.count };
          if (req.info !== true) return null;
          const seconds = message.ms / 1000;
          return {
            ...head,
            info: {
              depth: message.depth,
              count: message.count,
              ms: Math.round(message.ms),
              nps: seconds > 0 ? Math.round(message.count / seconds) : 0,
            },
          };
        },
        stopped: () => ({ ...head, ok: true, depth: req.depth, stopped: true, completed }),
      },
    };
  }

  /** The game a request is about, whose messages translate its errors (a `new` may name another game). */
  private gameOf(req: Request): AnyGame | undefined {
    if (req.cmd === 'new' || req.cmd === 'turn') return findGame(this.registry, req.game);
    if (req.cmd === 'load')
      return typeof req.record.game === 'string' ? findGame(this.registry, req.record.game) : undefined;
    return this.match?.game;
  }

  refuse(id: unknown, error: GameError, messages: MessageCatalog = {}): Response {
    const catalog = { ...cliMessages, ...engineMessages, ...messages };
    let message: string;
    let messageFr: string;
    try {
      message = describeError(error, 'en', catalog);
      messageFr = describeError(error, 'fr', catalog);
    } catch {
      message = messageFr = error.code;
    }
    return { ...(id !== undefined ? { id } : {}), ok: false, error: { ...error, message, messageFr } };
  }
}

/** How long a turn may search before its view is blamed: its time budget (or the level's) with a wide margin. */
function watchdog(budget: { ms?: number; iterations?: number }, level: string): number {
  const LEVEL_MS: Readonly<Record<string, number>> = { easy: 50, medium: 300, strong: 1000 };
  const ms =
    budget.ms ??
    (budget.iterations !== undefined
      ? budget.iterations / 10
      : Object.hasOwn(LEVEL_MS, level)
        ? (LEVEL_MS[level] as number)
        : 1000);
  return Math.round(ms * 3 + 15_000);
}

/** FNV-1a of a text, as 8 hex digits: a short, stable name for a view in a seed. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

function answer(response: Response): Step {
  return { kind: 'answer', response, quit: false };
}

function refused(response: Response): Parsed {
  return { ok: false, response };
}

function internal(e: unknown): GameError {
  return { code: 'INTERNAL_ERROR', reason: e instanceof Error ? e.message : String(e) };
}

function checkRange(match: Match, seat: number): Result<number> {
  return seat >= 0 && seat < match.players ? ok(seat) : err({ code: 'BAD_SEAT', seat, max: match.players - 1 });
}

function idOf(raw: unknown): string | number | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const id = (raw as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined;
}

/**
 * A "__proto__" key anywhere in the request (JSON.parse makes it an own field; a validator would drop it
 * silently or, copied into another object, it would change that object's prototype). Depth is bounded by the
 * guard, so the walk is shallow.
 */
function prototypeKey(value: unknown): string | null {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
      continue;
    }
    for (const key of Object.keys(v)) {
      if (key === '__proto__') return key;
      stack.push((v as Record<string, unknown>)[key]);
    }
  }
  return null;
}
