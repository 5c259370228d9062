import { readRecordText, type AnyGame, type MoveNode, type RecordTree } from '@roundtable/core';
import type { RecordSource } from '@roundtable/protocol';
import { fault, MAX_FILE_GAMES, type FileReading, type ReadGame } from './fault.ts';

/**
 * WCF-style Camelot scores (FORMAT.md "Imports"): PGN-like tags (`[Event "…"]`, `[White "…"]`, `[Black "…"]`,
 * `[Date "…"]`, `[Result "1-0"]`), then the moves in WCF notation (`1. F6-F5 G11-G10 2. E6-E8-C8 …`), ending with
 * the result; several games one after the other. Read by the record text reader (packages/core/RECORD.md) with
 * `[Game "camelot"]` and the WCF end rules added, so every move is replayed and a fault has its line and column.
 * `{comments}` are the annotator's: kept only under a `[CommentsLicence "…"]` tag that allows copying them.
 */
const RESULTS: Readonly<Record<string, { winners: number[]; draw: boolean }>> = {
  '1-0': { winners: [0], draw: false },
  '0-1': { winners: [1], draw: false },
  '1/2-1/2': { winners: [], draw: true },
  '½-½': { winners: [], draw: true },
};

/** The games of a WCF-style file, or its first fault. */
export function readWcf(text: string, games: (id: string) => AnyGame | undefined): FileReading {
  const chunks = splitGames(text);
  if (chunks.length === 0) return fault(1, 'the file holds no game', 'le fichier ne contient aucune partie');
  if (chunks.length > MAX_FILE_GAMES)
    return fault(
      1,
      `a file holds at most ${MAX_FILE_GAMES} games`,
      `un fichier contient au plus ${MAX_FILE_GAMES} parties`,
    );
  const out: ReadGame[] = [];
  for (const chunk of chunks) {
    const read = readOne(chunk.text, chunk.line, games);
    if (!read.ok) return read;
    out.push(read.game);
  }
  return { ok: true, format: 'wcf', games: out };
}

/** Games start at a tag line that follows moves; each keeps the line it starts on. */
function splitGames(text: string): { line: number; text: string }[] {
  const lines = text.split('\n');
  const out: { line: number; text: string }[] = [];
  let start = 0;
  let inMoves = false;
  for (let i = 0; i < lines.length; i++) {
    const t = (lines[i] as string).trim();
    if (t.startsWith('[') && inMoves) {
      out.push({ line: start + 1, text: lines.slice(start, i).join('\n') });
      start = i;
      inMoves = false;
    } else if (t !== '' && !t.startsWith('[')) inMoves = true;
  }
  const last = lines.slice(start).join('\n');
  if (last.trim() !== '') out.push({ line: start + 1, text: last });
  return out;
}

function readOne(
  chunk: string,
  firstLine: number,
  games: (id: string) => AnyGame | undefined,
): { ok: true; game: ReadGame } | { ok: false; fault: { line: number; reason: string; reasonFr: string } } {
  // The result closes the moves (PGN's game termination marker): not a move, so it is blanked in place.
  const result = /(^|\s)(1-0|0-1|1\/2-1\/2|½-½|\*)\s*$/.exec(chunk);
  let body = chunk;
  let ending: string | undefined;
  if (result) {
    ending = result[2];
    const at = result.index + result[1]!.length;
    body = chunk.slice(0, at) + ' '.repeat(ending!.length) + chunk.slice(at + ending!.length);
  }
  const hasTag = (name: string): boolean => new RegExp(`^\\s*\\[${name}\\s`, 'm').test(body);
  const variant = /^\s*\[Variant\s+"([^"]*)"\]/m.exec(body)?.[1]?.toLowerCase();
  const prefix =
    (hasTag('Game') ? '' : '[Game "camelot"] ') +
    (hasTag('Options') ? '' : `[Options "variant=${variant === 'cam' ? 'cam' : 'camelot'} ends=wcf"] `);
  const read = readRecordText(prefix + body, games, 'camelot');
  if (!read.ok) {
    const e = read.error;
    return fault(
      firstLine + e.line - 1,
      `${e.reason.replace(/\.$/, '')} (column ${e.line === 1 ? Math.max(1, e.column - prefix.length) : e.column})`,
      `${e.reasonFr.replace(/\.$/, '')} (colonne ${e.line === 1 ? Math.max(1, e.column - prefix.length) : e.column})`,
    );
  }
  const tree = read.value;
  const tag = (name: string): string | undefined => tree.tags.find((t) => t.name === name)?.value.trim() || undefined;
  const resultTag = tag('Result') ?? (ending !== '*' ? ending : undefined);
  if (resultTag !== undefined && resultTag !== '*' && !RESULTS[resultTag])
    return fault(
      firstLine,
      `unknown result "${resultTag}" (1-0, 0-1, 1/2-1/2 or *)`,
      `résultat inconnu « ${resultTag} » (1-0, 0-1, 1/2-1/2 ou *)`,
    );
  if (resultTag !== undefined && ending !== undefined && ending !== '*' && resultTag !== ending)
    return fault(
      firstLine,
      `the Result tag says ${resultTag} but the moves end with ${ending}`,
      `la balise Result dit ${resultTag} mais les coups finissent par ${ending}`,
    );
  const line = mainLineWithComments(tree);
  if (line.moves.length === 0) return fault(firstLine, 'the game has no moves', 'la partie n’a aucun coup');
  const licence = tag('CommentsLicence');
  const claimed = resultTag !== undefined ? RESULTS[resultTag] : undefined;
  const source: RecordSource = {
    origin: 'import',
    format: 'wcf',
    ...opt('event', tag('Event')),
    ...opt('site', tag('Site')),
    ...opt('round', tag('Round')),
    ...opt('date', tag('Date')),
    ...opt('result', resultTag),
    ...opt('annotator', tag('Annotator')),
    players: [tag('White') ?? '', tag('Black') ?? ''].map((n) => n.slice(0, 40)),
    ...(licence !== undefined && line.comments.length > 0 ? { commentsLicence: licence, comments: line.comments } : {}),
  };
  return {
    ok: true,
    game: {
      line: firstLine,
      droppedComments: licence === undefined ? line.comments.length : 0,
      request: {
        game: tree.game,
        players: tree.players,
        options: tree.options,
        seed: tree.seed,
        moves: line.moves,
        source,
        ...(claimed ? { outcome: { ...claimed, reason: claimed.draw ? 'agreement' : 'resignation' } } : {}),
      },
    },
  };
}

const opt = <K extends string>(key: K, value: string | undefined): { [k in K]?: string } =>
  (value !== undefined ? { [key]: value.slice(0, 200) } : {}) as { [k in K]?: string };

/** The main line's moves, and the comments on it by ply (0: before the first move); variations are left out. */
function mainLineWithComments(tree: RecordTree): {
  moves: { seat: number; move: string }[];
  comments: { ply: number; text: string }[];
} {
  const moves: { seat: number; move: string }[] = [];
  const comments: { ply: number; text: string }[] = [];
  if (tree.comment) comments.push({ ply: 0, text: tree.comment });
  let children: readonly MoveNode[] = tree.children;
  while (children.length > 0) {
    const node = children[0] as MoveNode;
    moves.push({ seat: node.seat, move: node.move });
    if (node.comment) comments.push({ ply: moves.length, text: node.comment });
    children = node.children;
  }
  return { moves, comments };
}
