import { z } from 'zod';

/**
 * The requests of the engine protocol (PROTOCOL.md). Objects are strict: a misspelt field ("sead") is refused
 * rather than silently ignored, because the other end is a program that would otherwise never learn of its typo.
 * Range checks that depend on the match (a seat number, a move) are left to `Match`, which names the culprit.
 */
const id = z.union([z.string(), z.number()]).optional();
const seat = z.number().int();
const seed = z.union([z.number(), z.string()]);
/** Milliseconds on a clock: a whole day at most, so that no arithmetic on it overflows. */
const clockMs = z.number().min(0).max(86_400_000);

/** Bots may reach a million iterations per second: ten million is ten seconds or more, and stop ends it anyway. */
export const MAX_ITERATIONS = 10_000_000;

export const requestSchemas = {
  new: z.strictObject({
    id,
    cmd: z.literal('new'),
    game: z.string(),
    players: z.number().int().optional(),
    seed: seed.optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    position: z.string().optional(),
  }),
  load: z.strictObject({ id, cmd: z.literal('load'), record: z.record(z.string(), z.unknown()) }),
  games: z.strictObject({ id, cmd: z.literal('games') }),
  status: z.strictObject({ id, cmd: z.literal('status') }),
  legal: z.strictObject({ id, cmd: z.literal('legal'), seat: seat.optional() }),
  play: z.strictObject({ id, cmd: z.literal('play'), seat, move: z.string() }),
  outcome: z.strictObject({ id, cmd: z.literal('outcome') }),
  position: z.strictObject({ id, cmd: z.literal('position') }),
  view: z.strictObject({ id, cmd: z.literal('view'), seat: z.union([seat, z.literal('spectator')]) }),
  bot: z.strictObject({
    id,
    cmd: z.literal('bot'),
    seat,
    level: z.string().optional(),
    ms: z.number().positive().max(600_000).optional(),
    iterations: z.number().int().positive().max(MAX_ITERATIONS).optional(),
    seed: seed.optional(),
    /** Like UCI's wtime/btime/winc/binc: each seat's remaining time and increment; the bot budgets its own move. */
    clock: z
      .strictObject({
        remaining: z.array(clockMs).min(1).max(16),
        increment: z.union([clockMs, z.array(clockMs).min(1).max(16)]).optional(),
        movesToGo: z.number().int().positive().max(1000).optional(),
      })
      .optional(),
    /** Send `info` lines while searching. */
    info: z.boolean().optional(),
  }),
  perft: z.strictObject({ id, cmd: z.literal('perft'), depth: z.number().int(), info: z.boolean().optional() }),
  undo: z.strictObject({ id, cmd: z.literal('undo'), count: z.number().int().positive().optional() }),
  record: z.strictObject({ id, cmd: z.literal('record') }),
  quit: z.strictObject({ id, cmd: z.literal('quit') }),
  hello: z.strictObject({ id, cmd: z.literal('hello'), protocol: z.number().int().positive().optional(), name: z.string().max(200).optional() }),
  isready: z.strictObject({ id, cmd: z.literal('isready') }),
  stop: z.strictObject({ id, cmd: z.literal('stop') }),
} as const;

export type Command = keyof typeof requestSchemas;
export const COMMANDS = Object.keys(requestSchemas) as Command[];
export type Request<C extends Command = Command> = z.infer<(typeof requestSchemas)[C]>;

export function isCommand(cmd: unknown): cmd is Command {
  return typeof cmd === 'string' && Object.hasOwn(requestSchemas, cmd);
}

/** Zod's issues as short "field: problem" texts, for an error a person can act on. */
export function describeIssues(error: z.ZodError): { reason: string; issues: { path: string; message: string }[] } {
  const issues = error.issues.map((i) => ({ path: i.path.map(String).join('.') || '(request)', message: i.message }));
  return { reason: issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues };
}
