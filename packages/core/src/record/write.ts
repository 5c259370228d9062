import type { AnyGame } from '../game.ts';
import { Match } from '../match.ts';
import { seedText } from '../rng.ts';
import { advance, opensNumber, START_COUNT, type LineCount } from './numbering.ts';
import type { MoveNode, RecordTree } from './tree.ts';

const WIDTH = 80;

/** A move written bare when nothing in it could be read as something else, else in double quotes. */
const BARE = /^[^\s(){}[\]";@\\]+$/;
const NUMBER_LIKE = /^\d+\.(\.\.)?$/;

export function quoteTag(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function moveToken(move: string): string {
  return BARE.test(move) && !NUMBER_LIKE.test(move) ? move : quoteTag(move);
}

/** The options as the `Options` tag writes them: `key=value` in the game's order, every option. */
export function optionsText(game: AnyGame, options: Readonly<Record<string, unknown>>, players: number): string {
  const parsed = game.parseOptions(options, players);
  const values = parsed.ok ? (parsed.value as Record<string, unknown>) : options;
  return game.options.map((spec) => `${spec.key}=${String(values[spec.key])}`).join(' ');
}

/**
 * The record text of a tree (RECORD.md): the tags, a blank line, then the moves with their move numbers,
 * comments in braces and variations in parentheses, wrapped at 80 columns. Reading it back gives the same
 * tree, and writing that tree gives the same text. The tree is replayed as it is written (to know where a move
 * needs its seat named), so it must be a tree the reader accepted or the board built move by move.
 */
export function writeRecordText(game: AnyGame, tree: RecordTree): string {
  const lines: string[] = [];
  lines.push(`[Game ${quoteTag(tree.game)}]`);
  lines.push(`[Players ${quoteTag(String(tree.players))}]`);
  if (game.options.length > 0) lines.push(`[Options ${quoteTag(optionsText(game, tree.options, tree.players))}]`);
  lines.push(`[Seed ${quoteTag(seedText(tree.seed))}]`);
  if (tree.position !== undefined) lines.push(`[Position ${quoteTag(tree.position)}]`);
  for (const tag of tree.tags) lines.push(`[${tag.name} ${quoteTag(tag.value)}]`);

  const created = Match.create(game, {
    players: tree.players,
    options: tree.options,
    seed: tree.seed,
    position: tree.position,
  });
  if (!created.ok) throw new Error(`writeRecordText: the tree's set-up is refused (${created.error.code})`);
  const tokens: string[] = [];
  if (tree.comment) tokens.push(`{${tree.comment}}`);

  const emit = (node: MoveNode, state: unknown, count: LineCount, force: boolean): unknown => {
    const number = advance(count, node.seat).number;
    // The first move of a record always carries its number: `1...` when another seat than 0 makes it (PGN's
    // Black to move; a Lancelot match whose first knight is seat 1).
    if (opensNumber(count, node.seat)) tokens.push(`${number}.`);
    else if (force || count.previous === null) tokens.push(`${number}...`);
    const seats = game.toMove(state);
    if (seats[0] !== node.seat) tokens.push(`@${node.seat}`);
    tokens.push(moveToken(node.move));
    if (node.comment) tokens.push(`{${node.comment}}`);
    const parsed = game.parseMove(state, node.seat, node.move);
    const next = parsed.ok ? game.play(state, node.seat, parsed.value) : parsed;
    if (!next.ok) throw new Error(`writeRecordText: ${node.move} is refused (${next.error.code})`);
    return next.value;
  };

  // Main lines are walked in a loop; only variations recurse (their depth is bounded by RECORD_LIMITS.depth).
  const line = (first: readonly MoveNode[], start: unknown, startCount: LineCount, startForce: boolean): void => {
    let children = first;
    let state = start;
    let count = startCount;
    let force = startForce;
    while (children.length > 0) {
      const main = children[0] as MoveNode;
      const after = emit(main, state, count, force);
      force = main.comment !== undefined;
      for (let i = 1; i < children.length; i++) {
        const alt = children[i] as MoveNode;
        tokens.push('(');
        const altAfter = emit(alt, state, count, true);
        line(alt.children, altAfter, advance(count, alt.seat), alt.comment !== undefined);
        tokens.push(')');
        force = true;
      }
      count = advance(count, main.seat);
      state = after;
      children = main.children;
    }
  };
  line(tree.children, created.value.state, START_COUNT, tree.comment !== undefined);

  const body: string[] = [];
  let current = '';
  for (const t of tokens) {
    // No space inside parentheses: `(12... G11-G10)`.
    const glue = current === '' || current.endsWith('(') || t === ')' ? '' : ' ';
    if (current !== '' && current.length + glue.length + t.length > WIDTH && t !== ')') {
      body.push(current);
      current = t;
    } else current += glue + t;
  }
  if (current !== '') body.push(current);
  return `${lines.join('\n')}\n\n${body.join('\n')}${body.length > 0 ? '\n' : ''}`;
}
