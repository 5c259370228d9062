import { describeError } from '../errors.ts';
import type { AnyGame } from '../game.ts';
import { Match } from '../match.ts';
import type { OptionValue } from '../options.ts';
import { err, ok, type GameError, type Result } from '../result.ts';
import type { Seed } from '../rng.ts';
import type { Seat } from '../seat.ts';
import { advance, opensNumber, START_COUNT, type LineCount } from './numbering.ts';
import { quoteTag } from './write.ts';
import { KNOWN_TAGS, RECORD_LIMITS, TAG_NAME, checkComment, type MoveNode, type RecordTree } from './tree.ts';

/** A refusal: where (line and column, from 1) and why, in English and French. */
export interface RecordTextError extends GameError {
  readonly code: 'BAD_RECORD_TEXT';
  readonly line: number;
  readonly column: number;
  readonly reason: string;
  readonly reasonFr: string;
}

class Refusal extends Error {
  constructor(
    readonly at: number,
    readonly reasonEn: string,
    readonly reasonFr: string,
  ) {
    super(reasonEn);
  }
}

type Token =
  | { kind: 'open' | 'close' | 'tagOpen' | 'tagClose'; at: number }
  | { kind: 'comment' | 'string' | 'word'; at: number; text: string }
  | { kind: 'number'; at: number; number: number; dots: boolean }
  | { kind: 'seat'; at: number; seat: number };

/** French typography: a non-breaking space before « : ; ! ? » and inside « ». */
const french = (text: string): string => text.replace(/ ([:;!?»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');

const refuse = (at: number, en: string, fr: string): never => {
  throw new Refusal(at, en, french(fr));
};

const SINGLE: Readonly<Record<string, 'open' | 'close' | 'tagOpen' | 'tagClose'>> = {
  '(': 'open',
  ')': 'close',
  '[': 'tagOpen',
  ']': 'tagClose',
};

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const at = i;
    const single = SINGLE[c];
    if (single) {
      out.push({ kind: single, at });
      i++;
    } else if (c === '}') refuse(at, 'a "}" closes no comment', 'un « } » ne ferme aucun commentaire');
    else if (c === '{') {
      const end = text.indexOf('}', i + 1);
      if (end < 0) refuse(at, 'this comment is never closed by "}"', 'ce commentaire n’est jamais fermé par « } »');
      out.push({ kind: 'comment', at, text: text.slice(i + 1, end) });
      i = end + 1;
    } else if (c === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= n || text[i] === '\n')
          refuse(at, "this quoted text is never closed by '\"'", 'ce texte entre guillemets n’est jamais fermé');
        const d = text[i] as string;
        if (d === '"') break;
        if (d === '\\') {
          const e = text[i + 1];
          if (e !== '"' && e !== '\\')
            refuse(i, 'only \\" and \\\\ may be escaped', 'seuls \\" et \\\\ peuvent être échappés');
          value += e;
          i += 2;
        } else {
          value += d;
          i++;
        }
      }
      i++;
      out.push({ kind: 'string', at, text: value });
    } else {
      let j = i;
      while (j < n && !/[\s(){}[\]"]/.test(text[j] as string)) j++;
      const word = text.slice(i, j);
      i = j;
      const number = /^(\d{1,6})\.(\.\.)?$/.exec(word);
      const seat = /^@(\d{1,2})$/.exec(word);
      if (number) out.push({ kind: 'number', at, number: Number(number[1]), dots: number[2] !== undefined });
      else if (seat) out.push({ kind: 'seat', at, seat: Number(seat[1]) });
      else if (word.startsWith('@'))
        refuse(at, `"${word}" is not a seat (write @0, @1…)`, `« ${word} » n’est pas un siège (écrire @0, @1…)`);
      else out.push({ kind: 'word', at, text: word });
    }
  }
  return out;
}

/** Line and column (from 1) of an offset. */
function place(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < at && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      start = i + 1;
    }
  }
  return { line, column: at - start + 1 };
}

function readSeed(value: string): Seed {
  const m = /^#(-?\d+)$/.exec(value);
  if (m && Number.isSafeInteger(Number(m[1]))) return Number(m[1]);
  return value;
}

/** Reads the `Options` tag (`key=value …`) by the game's own option kinds. */
function readOptions(game: AnyGame, value: string, at: number): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  for (const pair of value.split(/\s+/).filter(Boolean)) {
    const eq = pair.indexOf('=');
    if (eq <= 0)
      refuse(at, `option "${pair}" is not written key=value`, `l’option « ${pair} » ne s’écrit pas clé=valeur`);
    const key = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    const spec = game.options.find((s) => s.key === key);
    if (!spec) {
      const known = game.options.map((s) => s.key).join(', ') || 'none';
      refuse(
        at,
        `${game.id} has no option "${key}" (known: ${known})`,
        `${game.id} n’a pas d’option « ${key} » (connues : ${known})`,
      );
    } else if (Object.hasOwn(out, key))
      refuse(at, `option "${key}" is given twice`, `l’option « ${key} » est donnée deux fois`);
    else if (spec.kind === 'boolean') {
      if (raw !== 'true' && raw !== 'false')
        refuse(at, `option "${key}" must be true or false`, `l’option « ${key} » vaut true ou false`);
      out[key] = raw === 'true';
    } else if (spec.kind === 'integer') {
      if (!/^-?\d{1,9}$/.test(raw))
        refuse(at, `option "${key}" must be a whole number`, `l’option « ${key} » doit être un entier`);
      out[key] = Number(raw);
    } else out[key] = raw;
  }
  return out;
}

interface Builder {
  seat: Seat;
  move: string;
  comment?: string;
  children: Builder[];
}

/**
 * Reads a record text (RECORD.md) into a tree, replaying every move of every variation with the engine: a
 * move is kept in the engine's own notation. Anything wrong refuses the whole text with `BAD_RECORD_TEXT`, the
 * line and column of the fault and the reason (a malformed tag, an unknown game or option, a move the rules
 * refuse and why, an unclosed variation, a wrong move number, a record past the size limits). `games` finds a
 * game by id (the catalog's `gameById`); `expected`, the id of the game a reader is for (the analysis board's),
 * is the one its errors give as an example.
 */
export function readRecordText(
  text: unknown,
  games: (id: string) => AnyGame | undefined,
  expected?: string,
): Result<RecordTree, RecordTextError> {
  if (typeof text !== 'string') return err(failure('', 0, 'a record must be text', 'un enregistrement est un texte'));
  if (text.length > RECORD_LIMITS.text)
    return err(
      failure(
        text,
        RECORD_LIMITS.text,
        `the record is longer than ${RECORD_LIMITS.text} characters`,
        french(`l’enregistrement dépasse ${RECORD_LIMITS.text} caractères`),
      ),
    );
  try {
    return ok(parse(text, games, expected));
  } catch (e) {
    if (e instanceof Refusal) return err(failure(text, e.at, e.reasonEn, e.reasonFr));
    throw e;
  }
}

function failure(text: string, at: number, reason: string, reasonFr: string): RecordTextError {
  const { line, column } = place(text, at);
  return { code: 'BAD_RECORD_TEXT', line, column, reason, reasonFr };
}

/** The Game tag a reader asks for: the game it reads for, if it knows it (the analysis board does). */
function gameTagExample(expected: string | undefined): string {
  return `[Game ${expected === undefined ? '"…"' : quoteTag(expected)}]`;
}

function parse(text: string, games: (id: string) => AnyGame | undefined, expected: string | undefined): RecordTree {
  const tokens = tokenize(text);
  let k = 0;
  // Tags: [Name "value"] before the moves.
  const tags: { name: string; value: string; at: number }[] = [];
  while (k < tokens.length && (tokens[k] as Token).kind === 'tagOpen') {
    const open = tokens[k] as Token;
    const name = tokens[k + 1];
    const value = tokens[k + 2];
    const close = tokens[k + 3];
    if (!name || name.kind !== 'word' || !TAG_NAME.test(name.text))
      refuse(
        name?.at ?? open.at,
        'a tag starts with its name: [Name "value"]',
        'une balise commence par son nom : [Nom "valeur"]',
      );
    const tagName = (name as { text: string }).text;
    if (!value || value.kind !== 'string')
      refuse(
        value?.at ?? open.at,
        `tag ${tagName}: its value must be in double quotes`,
        `balise ${tagName} : sa valeur s’écrit entre guillemets droits`,
      );
    if (!close || close.kind !== 'tagClose')
      refuse(
        close?.at ?? open.at,
        `tag ${tagName} is not closed by "]"`,
        `la balise ${tagName} n’est pas fermée par « ] »`,
      );
    const v = (value as { text: string }).text;
    if (v.length > RECORD_LIMITS.tagValue)
      refuse(
        value!.at,
        `tag ${tagName} is longer than ${RECORD_LIMITS.tagValue} characters`,
        `la balise ${tagName} dépasse ${RECORD_LIMITS.tagValue} caractères`,
      );
    if (tags.some((t) => t.name === tagName))
      refuse(open.at, `tag ${tagName} is given twice`, `la balise ${tagName} est donnée deux fois`);
    if (tags.length >= RECORD_LIMITS.tags)
      refuse(
        open.at,
        `a record has at most ${RECORD_LIMITS.tags} tags`,
        `un enregistrement a au plus ${RECORD_LIMITS.tags} balises`,
      );
    tags.push({ name: tagName, value: v, at: open.at });
    k += 4;
  }
  const tag = (name: string) => tags.find((t) => t.name === name);
  const gameTag = tag('Game');
  if (!gameTag)
    refuse(
      0,
      `the record names no game: begin it with ${gameTagExample(expected)}`,
      `l’enregistrement ne nomme aucun jeu\u00a0: commencez-le par ${gameTagExample(expected)}`,
    );
  const game = games(gameTag!.value);
  if (!game) refuse(gameTag!.at, `unknown game "${gameTag!.value}"`, `jeu inconnu « ${gameTag!.value} »`);
  const g = game as AnyGame;
  const playersTag = tag('Players');
  let players = g.minPlayers;
  if (playersTag) {
    if (!/^\d{1,2}$/.test(playersTag.value))
      refuse(playersTag.at, 'Players must be a number', 'Players doit être un nombre');
    players = Number(playersTag.value);
  }
  const optionsTag = tag('Options');
  const rawOptions = optionsTag ? readOptions(g, optionsTag.value, optionsTag.at) : {};
  const seedTag = tag('Seed');
  const seed: Seed = seedTag ? readSeed(seedTag.value) : 1;
  const positionTag = tag('Position');
  const created = Match.create(g, {
    players,
    options: rawOptions,
    seed,
    ...(positionTag ? { position: positionTag.value } : {}),
  });
  if (!created.ok) {
    const at = (positionTag ?? optionsTag ?? playersTag ?? seedTag ?? gameTag)!.at;
    refuse(at, describeError(created.error, 'en', g.messages), describeError(created.error, 'fr', g.messages));
  }
  const match = (created as { value: Match }).value;

  // Moves. Each frame is a line being read: where its moves hang, the last move and the states around it.
  interface Frame {
    parent: Builder[];
    last: Builder | null;
    before: unknown;
    after: unknown;
    countBefore: LineCount;
    countAfter: LineCount;
    at: number;
  }
  const root: Builder[] = [];
  let rootComment: string | undefined;
  let frame: Frame = {
    parent: root,
    last: null,
    before: match.state,
    after: match.state,
    countBefore: START_COUNT,
    countAfter: START_COUNT,
    at: 0,
  };
  const stack: Frame[] = [];
  let nodes = 0;
  let pendingNumber: { number: number; dots: boolean; at: number } | null = null;
  let pendingSeat: { seat: number; at: number } | null = null;

  for (; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    switch (t.kind) {
      case 'tagOpen':
        refuse(t.at, 'tags come before the moves', 'les balises précèdent les coups');
        break;
      case 'tagClose':
        refuse(t.at, 'a "]" closes no tag', 'un « ] » ne ferme aucune balise');
        break;
      case 'number':
        if (pendingNumber || pendingSeat)
          refuse(t.at, 'a move number must be followed by a move', 'un numéro de coup doit être suivi d’un coup');
        pendingNumber = { number: t.number, dots: t.dots, at: t.at };
        break;
      case 'seat':
        if (pendingSeat) refuse(t.at, 'a seat must be followed by a move', 'un siège doit être suivi d’un coup');
        pendingSeat = { seat: t.seat, at: t.at };
        break;
      case 'comment': {
        if (pendingNumber || pendingSeat)
          refuse(
            t.at,
            'a comment cannot come between a move number and its move',
            'un commentaire ne peut séparer un numéro de son coup',
          );
        const c = t.text.trim();
        const problem = checkComment(c);
        if (problem) refuse(t.at, problem, `commentaire refusé (au plus ${RECORD_LIMITS.comment} caractères)`);
        if (c === '') break;
        if (frame.last) {
          if (frame.last.comment !== undefined)
            refuse(t.at, 'a move has one comment (join them)', 'un coup n’a qu’un commentaire (réunissez-les)');
          frame.last.comment = c;
        } else if (stack.length === 0 && root.length === 0) {
          if (rootComment !== undefined)
            refuse(
              t.at,
              'the record has one opening comment (join them)',
              'l’enregistrement n’a qu’un commentaire d’ouverture (réunissez-les)',
            );
          rootComment = c;
        } else
          refuse(
            t.at,
            'a comment in a variation comes after its first move',
            'un commentaire de variante suit son premier coup',
          );
        break;
      }
      case 'open':
        if (pendingNumber || pendingSeat)
          refuse(t.at, 'a move number must be followed by a move', 'un numéro de coup doit être suivi d’un coup');
        if (!frame.last)
          refuse(
            t.at,
            'a variation "(" must follow the move it replaces',
            'une variante « ( » suit le coup qu’elle remplace',
          );
        if (stack.length >= RECORD_LIMITS.depth)
          refuse(
            t.at,
            `variations are nested at most ${RECORD_LIMITS.depth} deep`,
            `les variantes s’imbriquent sur ${RECORD_LIMITS.depth} niveaux au plus`,
          );
        stack.push(frame);
        frame = {
          parent: frame.parent,
          last: null,
          before: frame.before,
          after: frame.before,
          countBefore: frame.countBefore,
          countAfter: frame.countBefore,
          at: t.at,
        };
        break;
      case 'close':
        if (pendingNumber || pendingSeat)
          refuse(t.at, 'a move number must be followed by a move', 'un numéro de coup doit être suivi d’un coup');
        if (stack.length === 0) refuse(t.at, 'a ")" closes no variation', 'une « ) » ne ferme aucune variante');
        if (!frame.last) refuse(t.at, 'a variation holds at least one move', 'une variante contient au moins un coup');
        frame = stack.pop() as Frame;
        break;
      case 'word':
      case 'string': {
        const state = frame.after;
        if (g.outcome(state))
          refuse(t.at, `the game is over before "${t.text}"`, `la partie est finie avant « ${t.text} »`);
        const toMove = g.toMove(state);
        let seat = toMove[0] as Seat;
        if (pendingSeat) {
          if (!toMove.includes(pendingSeat.seat))
            refuse(
              pendingSeat.at,
              `seat ${pendingSeat.seat} may not move here (to move: ${toMove.join(', ')})`,
              `le siège ${pendingSeat.seat} ne peut pas jouer ici (au trait : ${toMove.join(', ')})`,
            );
          seat = pendingSeat.seat;
        }
        const parsed = g.parseMove(state, seat, t.text);
        const next = parsed.ok ? g.play(state, seat, parsed.value) : parsed;
        if (!next.ok)
          refuse(t.at, describeError(next.error, 'en', g.messages), describeError(next.error, 'fr', g.messages));
        const move = g.formatMove(state, (parsed as { value: unknown }).value);
        const count = advance(frame.countAfter, seat);
        if (pendingNumber) {
          const opens = opensNumber(frame.countAfter, seat);
          if (pendingNumber.number !== count.number || pendingNumber.dots === opens)
            refuse(
              pendingNumber.at,
              `this move is numbered ${count.number}${opens ? '.' : '...'}`,
              `ce coup porte le numéro ${count.number}${opens ? '.' : '...'}`,
            );
        }
        const parent = frame.last ? frame.last.children : frame.parent;
        if (parent.some((c) => c.move === move && c.seat === seat))
          refuse(
            t.at,
            `${move} is already a move here (one variation per move)`,
            `${move} est déjà un coup ici (une variante par coup)`,
          );
        if (++nodes > RECORD_LIMITS.nodes)
          refuse(
            t.at,
            `a record holds at most ${RECORD_LIMITS.nodes} moves`,
            `un enregistrement contient au plus ${RECORD_LIMITS.nodes} coups`,
          );
        const node: Builder = { seat, move, children: [] };
        parent.push(node);
        frame.parent = parent;
        frame.last = node;
        frame.before = state;
        frame.after = (next as { value: unknown }).value;
        frame.countBefore = frame.countAfter;
        frame.countAfter = count;
        pendingNumber = null;
        pendingSeat = null;
        break;
      }
    }
  }
  if (pendingNumber || pendingSeat)
    refuse(text.length, 'the record ends before a move', 'l’enregistrement s’arrête avant un coup');
  if (stack.length > 0)
    refuse(frame.at, 'this variation is never closed by ")"', 'cette variante n’est jamais fermée par « ) »');

  const known = new Set<string>(KNOWN_TAGS);
  return {
    game: g.id,
    players: match.players,
    options: match.options as Record<string, OptionValue>,
    seed,
    ...(positionTag ? { position: positionTag.value } : {}),
    tags: tags.filter((t) => !known.has(t.name)).map((t) => ({ name: t.name, value: t.value })),
    ...(rootComment !== undefined ? { comment: rootComment } : {}),
    children: root as MoveNode[],
  };
}
