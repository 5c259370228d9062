import { pluralFor } from '@roundtable/core';
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

const clock = z.strictObject({
  remaining: z.array(clockMs).min(1).max(16),
  increment: z.union([clockMs, z.array(clockMs).min(1).max(16)]).optional(),
  movesToGo: z.number().int().positive().max(1000).optional(),
});

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
    clock: clock.optional(),
    /** Send `info` lines while searching. */
    info: z.boolean().optional(),
  }),
  perft: z.strictObject({ id, cmd: z.literal('perft'), depth: z.number().int(), info: z.boolean().optional() }),
  undo: z.strictObject({ id, cmd: z.literal('undo'), count: z.number().int().positive().optional() }),
  record: z.strictObject({ id, cmd: z.literal('record') }),
  quit: z.strictObject({ id, cmd: z.literal('quit') }),
  hello: z.strictObject({
    id,
    cmd: z.literal('hello'),
    protocol: z.number().int().positive().optional(),
    name: z.string().max(200).optional(),
  }),
  isready: z.strictObject({ id, cmd: z.literal('isready') }),
  stop: z.strictObject({ id, cmd: z.literal('stop') }),
  /** The bot side: a tournament manager gives one seat's view and asks for that seat's move (no match needed). */
  turn: z.strictObject({
    id,
    cmd: z.literal('turn'),
    game: z.string().max(100),
    players: z.number().int(),
    seat,
    view: z.unknown(),
    options: z.record(z.string(), z.unknown()).optional(),
    ply: z.number().int().min(0).optional(),
    legal: z.array(z.string().max(10_000)).max(100_000).optional(),
    clock: clock.optional(),
    budget: z
      .strictObject({
        ms: z.number().positive().max(600_000).optional(),
        iterations: z.number().int().positive().max(MAX_ITERATIONS).optional(),
      })
      .optional(),
    level: z.string().optional(),
    seed: seed.optional(),
    info: z.boolean().optional(),
  }),
} as const;

export type Command = keyof typeof requestSchemas;
export const COMMANDS = Object.keys(requestSchemas) as Command[];
export type Request<C extends Command = Command> = z.infer<(typeof requestSchemas)[C]>;

export function isCommand(cmd: unknown): cmd is Command {
  return typeof cmd === 'string' && Object.hasOwn(requestSchemas, cmd);
}

/**
 * Zod's issues as short "field: problem" texts in English and French, for an error a person can act on. The raw
 * request tells a missing field from a mistyped one.
 */
export function describeIssues(
  error: z.ZodError,
  raw: unknown,
): { reason: string; reasonFr: string; issues: { path: string; message: string }[] } {
  const issues = error.issues.map((i) => {
    const path = i.path.map(String).join('.') || '(request)';
    const [en, fr] = wordIssue(i, i.path.length > 0 && valueAt(raw, i.path) === undefined);
    return { path, message: en, messageFr: fr };
  });
  return {
    reason: issues.map((i) => `${i.path}: ${i.message}`).join('; '),
    reasonFr: issues.map((i) => `${i.path} : ${i.messageFr}`).join(' ; '),
    issues: issues.map(({ path, message }) => ({ path, message })),
  };
}

function wordIssue(issue: z.core.$ZodIssue, missing: boolean): [string, string] {
  switch (issue.code) {
    case 'invalid_type':
      if (missing) return ['missing', 'manquant'];
      return [`expected ${typeName(issue.expected, 'en')}`, `attendu : ${typeName(issue.expected, 'fr')}`];
    case 'unrecognized_keys': {
      const keys = issue.keys.map((k) => `"${k.slice(0, 50)}"`).join(', ');
      return [
        `unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}`,
        `champ${pluralFor(issue.keys.length, 'fr') ? 's' : ''} inconnu${pluralFor(issue.keys.length, 'fr') ? 's' : ''} ${keys}`,
      ];
    }
    case 'too_big':
      return issue.origin === 'array'
        ? [`at most ${String(issue.maximum)} items`, `au plus ${String(issue.maximum)} éléments`]
        : [`at most ${String(issue.maximum)}`, `au plus ${String(issue.maximum)}`];
    case 'too_small':
      return issue.origin === 'array'
        ? [`at least ${String(issue.minimum)} items`, `au moins ${String(issue.minimum)} éléments`]
        : [
            `${issue.inclusive === false ? 'more than' : 'at least'} ${String(issue.minimum)}`,
            `${issue.inclusive === false ? 'plus de' : 'au moins'} ${String(issue.minimum)}`,
          ];
    case 'invalid_value':
      return [
        `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`,
        `attendu : ${issue.values.map((v) => JSON.stringify(v)).join(' ou ')}`,
      ];
    case 'invalid_union':
      return missing ? ['missing', 'manquant'] : ['not one of the accepted forms', 'aucune des formes acceptées'];
    default:
      return [issue.message, issue.message];
  }
}

const TYPE_NAMES: Readonly<Record<string, readonly [string, string]>> = {
  number: ['a number', 'un nombre'],
  int: ['a whole number', 'un entier'],
  string: ['a string', 'une chaîne'],
  boolean: ['true or false', 'true ou false'],
  object: ['an object', 'un objet'],
  record: ['an object', 'un objet'],
  array: ['a list', 'une liste'],
};

function typeName(expected: string, lang: 'en' | 'fr'): string {
  const names = Object.hasOwn(TYPE_NAMES, expected) ? TYPE_NAMES[expected] : undefined;
  return names ? names[lang === 'en' ? 0 : 1] : expected;
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = raw;
  for (const key of path) {
    if (typeof v !== 'object' || v === null || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}
