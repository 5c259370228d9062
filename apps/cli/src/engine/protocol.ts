import { createRng, describeError, err, Match, ok, replay, type AnyGame, type GameError, type MessageCatalog, type Result, type Seed } from '@roundtable/core';
import { LEVEL_NAMES, DEFAULT_LEVEL, resolveLevel } from '../levels.ts';
import { cliMessages } from '../messages.ts';
import { perft } from '../perft.ts';
import { findGame, type Registry } from '../registry.ts';
import { describeGame } from './describe.ts';
import { COMMANDS, describeIssues, isCommand, requestSchemas, type Request } from './schema.ts';

export type Response = Record<string, unknown>;

/**
 * One engine session: at most one match, driven by JSON requests (PROTOCOL.md). `handle` never throws and a
 * refused request never changes the match: every command either succeeds whole or answers an error value.
 */
export class EngineSession {
  private match: Match | null = null;

  constructor(private readonly registry: Registry) {}

  /** Answers one line. `quit` is true once the client asked to stop. */
  handle(line: string): { response: Response; quit: boolean } {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      return { response: this.refuse(undefined, { code: 'BAD_JSON', reason: (e as Error).message }), quit: false };
    }
    const id = idOf(raw);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return { response: this.refuse(id, { code: 'BAD_REQUEST', reason: 'a request must be a JSON object with a "cmd"' }), quit: false };
    }
    const cmd = (raw as { cmd?: unknown }).cmd;
    if (!isCommand(cmd)) {
      return { response: this.refuse(id, { code: 'UNKNOWN_COMMAND', cmd: cmd === undefined ? '(none)' : String(cmd), known: COMMANDS }), quit: false };
    }
    const parsed = requestSchemas[cmd].safeParse(raw);
    if (!parsed.success) return { response: this.refuse(id, { code: 'BAD_REQUEST', cmd, ...describeIssues(parsed.error) }), quit: false };
    let result: Result<Response>;
    try {
      result = this.run(parsed.data as Request);
    } catch (e) {
      // A throw here is a bug in a game or a bot; the match is still whole (Match commits only on success).
      result = err({ code: 'INTERNAL_ERROR', reason: e instanceof Error ? e.message : String(e) });
    }
    const response = result.ok
      ? { ...(id !== undefined ? { id } : {}), ok: true, ...result.value }
      : this.refuse(id, result.error, this.gameOf(parsed.data as Request)?.messages);
    return { response, quit: result.ok && cmd === 'quit' };
  }

  private run(req: Request): Result<Response> {
    switch (req.cmd) {
      case 'games':
        return ok({ games: Object.values(this.registry.games).map(describeGame) });
      case 'new':
        return this.create(req);
      case 'load':
        return this.load(req);
      case 'quit':
        return ok({});
      default:
        break;
    }
    const match = this.match;
    if (!match) return err({ code: 'NO_MATCH' });
    switch (req.cmd) {
      case 'status':
        return ok({ game: match.game.id, players: match.players, ply: match.ply, toMove: [...match.toMove()], outcome: match.outcome() });
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
        return this.bot(match, req);
      case 'perft': {
        const count = perft(match.game, match.state, req.depth);
        return count.ok ? ok({ depth: req.depth, count: count.value }) : count;
      }
      case 'undo': {
        if (match.ply === 0) return err({ code: 'NOTHING_TO_UNDO' });
        const undone = match.undo(Math.min(req.count ?? 1, match.ply));
        if (!undone.ok) return undone;
        return ok({ undone: undone.value, ply: match.ply, toMove: [...match.toMove()], outcome: match.outcome() });
      }
      case 'record':
        return ok({ record: match.record() });
    }
  }

  private create(req: Request<'new'>): Result<Response> {
    const game = findGame(this.registry, req.game);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: req.game, known: Object.keys(this.registry.games) });
    const created = Match.create(game, { players: req.players, seed: req.seed, options: req.options, position: req.position });
    if (!created.ok) return created;
    this.match = created.value;
    return ok(this.summary(created.value));
  }

  private load(req: Request<'load'>): Result<Response> {
    const id = String(req.record.game);
    const game = findGame(this.registry, id);
    if (!game) return err({ code: 'UNKNOWN_GAME', game: id, known: Object.keys(this.registry.games) });
    const replayed = replay(game, req.record);
    if (!replayed.ok) return replayed;
    this.match = replayed.value;
    return ok({ ...this.summary(replayed.value), ply: replayed.value.ply });
  }

  private summary(match: Match): Response {
    return { game: match.game.id, players: match.players, toMove: [...match.toMove()], outcome: match.outcome() };
  }

  private bot(match: Match, req: Request<'bot'>): Result<Response> {
    const level = req.level ?? DEFAULT_LEVEL;
    const bot = resolveLevel(level);
    if (!bot) return err({ code: 'BAD_LEVEL', level, known: LEVEL_NAMES });
    const seat = match.checkSeat(req.seat);
    if (!seat.ok) return seat;
    // Seeded from the match and the ply unless the client gives a seed, so a session replays exactly.
    const seed: Seed = req.seed ?? `${String(match.seed)}/bot/${match.ply}/${seat.value}`;
    const budget = { ...(req.ms !== undefined ? { ms: req.ms } : {}), ...(req.iterations !== undefined ? { iterations: req.iterations } : {}) };
    const move = bot.choose({
      game: match.game,
      view: match.game.view(match.state, seat.value),
      seat: seat.value,
      rng: createRng(seed),
      budget,
    });
    if (move === null) return err({ code: 'NO_MOVE', seat: seat.value });
    return ok({ seat: seat.value, level: bot.level, move });
  }

  /** The game a request is about, whose messages translate its errors (a `new` may name another game). */
  private gameOf(req: Request): AnyGame | undefined {
    if (req.cmd === 'new') return findGame(this.registry, req.game);
    if (req.cmd === 'load') return findGame(this.registry, String(req.record.game));
    return this.match?.game;
  }

  private refuse(id: unknown, error: GameError, messages: MessageCatalog = {}): Response {
    const catalog = { ...cliMessages, ...messages };
    return {
      ...(id !== undefined ? { id } : {}),
      ok: false,
      error: { ...error, message: describeError(error, 'en', catalog), messageFr: describeError(error, 'fr', catalog) },
    };
  }
}

function checkRange(match: Match, seat: number): Result<number> {
  return seat >= 0 && seat < match.players ? ok(seat) : err({ code: 'BAD_SEAT', seat, max: match.players - 1 });
}

function idOf(raw: unknown): string | number | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const id = (raw as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}
