import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  describeError,
  headline,
  moveInWords,
  movesInWords,
  pluralFor,
  readRecordText,
  recordOfTree,
  replay,
  type AnyGame,
  type Lang,
  type Match,
} from '@roundtable/core';
import { REVIEW_NODES, reviewMatch, THRESHOLDS, type Review } from '@roundtable/ai';

export const REVIEW_USAGE = 'roundtable review RECORD.json [--json] [--nodes N] [--iterations N]';

const REVIEW_HELP = `The computer's review of a match, move by move: the winning chances before each move, how much of them the
move gave away against the best one, its class and the better move (Camelot, Lancelot at two players); for the
card games, each decision in the words of the match's log, what the strong bot preferred from the mover's own view
(best first, in words, the move played apart) and the estimated loss, with each seat's luck.

usage: ${REVIEW_USAGE}

  RECORD.json        a match record (JSON, as GET /api/matches/:id/record exports it), or a record text with
                     variations (packages/core/RECORD.md: its main line is reviewed); "-" reads standard input
  --json             the whole review as one JSON object, for scripts
  --nodes N          search nodes per position (default ${REVIEW_NODES})
  --iterations N     card games: search iterations per decision
  -h, --help         this help

Classes (drop in the mover's winning chances): ${THRESHOLDS.map(([c, t]) => `${c} ≥ ${Math.round(t * 100)} points`).join(', ')}.
Exit code: 0 reviewed, 1 the record does not replay, 2 a usage error.
`;

const WORDS = {
  en: {
    inaccuracy: 'inaccuracy',
    mistake: 'mistake',
    blunder: 'blunder',
    better: 'better',
    accuracy: 'accuracy',
    header: (game: string, effort: string) => `${game}: review at ${effort}`,
    nodes: (n: number) => `${n.toLocaleString('en')} nodes a position`,
    iterations: (n: number) => `${n.toLocaleString('en')} iterations a decision`,
    counts: (i: number, m: number, b: number) =>
      `${i} inaccurac${i === 1 ? 'y' : 'ies'}, ${m} mistake${m === 1 ? '' : 's'}, ${b} blunder${b === 1 ? '' : 's'}`,
    loss: 'mean loss',
    luck: 'luck',
    preferred: 'preferred',
  },
  fr: {
    inaccuracy: 'imprécision',
    mistake: 'erreur',
    blunder: 'gaffe',
    better: 'mieux',
    accuracy: 'précision',
    header: (game: string, effort: string) => `${game}\u00a0: analyse à ${effort}`,
    nodes: (n: number) => `${n.toLocaleString('fr')}\u00a0nœuds par position`,
    iterations: (n: number) => `${n.toLocaleString('fr')}\u00a0itérations par décision`,
    counts: (i: number, m: number, b: number) =>
      `${i}\u00a0imprécision${pluralFor(i, 'fr') ? 's' : ''}, ${m}\u00a0erreur${pluralFor(m, 'fr') ? 's' : ''}, ${b}\u00a0gaffe${pluralFor(b, 'fr') ? 's' : ''}`,
    loss: 'perte moyenne',
    luck: 'chance',
    preferred: 'préféré',
  },
} as const;

const percent = (x: number, lang: Lang): string => `${Math.round(100 * x)}${lang === 'fr' ? '\u00a0%' : '%'}`;

/**
 * The review as lines of text: one per move, then one per seat. Given the match, a card game's decisions and the
 * moves the strong bot weighed are told in the log's words (core's told.ts), seats named as the terminal names them.
 */
export function reviewText(review: Review, game: AnyGame, lang: Lang, match?: Match): string {
  const w = WORDS[lang];
  const seat = (s: number): string => game.seatName(s, review.players, lang);
  const told = match && review.kind === 'hidden' ? movesInWords(game, match, lang, seat) : null;
  const said = (ply: number, s: number, move: string): string =>
    (told && headline(told[ply - 1] ?? [], s)?.text) || move;
  const instead = (ply: number, s: number, move: string): string =>
    (match &&
      moveInWords(game, match.stateAt(ply - 1), s, move, review.players, lang, seat)
        ?.map((e) => e.text)
        .join(' ')) ||
    move;
  const lines: string[] = [];
  const effort = review.kind === 'perfect' ? w.nodes(review.effort) : w.iterations(review.effort);
  lines.push(w.header(game.name[lang], effort));
  for (const p of review.plies) {
    const head = `${String(p.ply).padStart(4)}. ${seat(p.seat).padEnd(8)} ${p.move.padEnd(16)}`;
    if (review.kind === 'perfect') {
      const chances = p.chances ? `${seat(0)} ${percent(p.chances[0] ?? 0, lang)}`.padEnd(14) : '';
      const judged = p.class
        ? `  ${w[p.class]} (−${Math.round(100 * (p.drop ?? 0))}), ${w.better} ${p.best ?? ''}`
        : '';
      lines.push(`${head} ${chances}${judged}`.trimEnd());
    } else if (told) {
      lines.push(
        `${String(p.ply).padStart(4)}. ${said(p.ply, p.seat, p.move)}${p.value !== undefined ? ` (${percent(p.value, lang)})` : ''}`,
      );
      if (p.preferred && p.preferred.length > 0)
        lines.push(
          `      ${w.preferred} ${p.preferred
            .map((q) => `${instead(p.ply, p.seat, q.move)} ${percent(q.value, lang)}`)
            .join(', ')}${p.loss !== undefined && p.loss > 0 ? `; −${Math.round(100 * p.loss)}` : ''}`,
        );
    } else {
      const judged =
        p.preferred && p.preferred.length > 0
          ? `  ${w.preferred} ${p.preferred
              .slice(0, 3)
              .map((q) => `${q.move} ${percent(q.value, lang)}`)
              .join(', ')}${p.loss !== undefined && p.loss > 0 ? `; −${Math.round(100 * p.loss)}` : ''}`
          : '';
      lines.push(`${head}${judged}`.trimEnd());
    }
  }
  for (const s of review.seats) {
    const parts = [
      s.accuracy !== undefined
        ? `${w.accuracy} ${s.accuracy.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}`
        : // Searched, but no move of this seat counted (each forced, or played with the result settled).
          review.kind === 'perfect'
          ? `${w.accuracy} —`
          : null,
      w.counts(s.inaccuracies, s.mistakes, s.blunders),
      s.meanLoss !== undefined ? `${w.loss} ${percent(s.meanLoss, lang)}` : null,
      s.luck !== undefined ? `${w.luck} ${s.luck >= 0 ? '+' : '−'}${percent(Math.abs(s.luck), lang)}` : null,
    ].filter((x): x is string => x !== null);
    lines.push(`${seat(s.seat)}${lang === 'fr' ? '\u00a0:' : ':'} ${parts.join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** `roundtable review`: reads a record (JSON or record text), reviews it and prints it; returns the exit code. */
export function reviewCommand(
  argv: readonly string[],
  findGame: (id: string) => AnyGame | undefined,
  lang: Lang = 'en',
  out: NodeJS.WritableStream = process.stdout,
  errOut: NodeJS.WritableStream = process.stderr,
): number {
  const usage = (message: string): number => {
    errOut.write(`error: ${message}\nusage: ${REVIEW_USAGE}\n`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        json: { type: 'boolean' },
        nodes: { type: 'string' },
        iterations: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    return usage((e as Error).message);
  }
  if (parsed.values.help) {
    out.write(REVIEW_HELP);
    return 0;
  }
  const count = (flag: string, value: string | undefined): number | undefined | null => {
    if (value === undefined) return undefined;
    const n = Number(value);
    return Number.isInteger(n) && n >= 100 && n <= 100_000_000 ? n : null;
  };
  const nodes = count('nodes', parsed.values.nodes);
  if (nodes === null) return usage('--nodes must be a whole number from 100 to 100000000');
  const iterations = count('iterations', parsed.values.iterations);
  if (iterations === null) return usage('--iterations must be a whole number from 100 to 100000000');
  const [file, ...extra] = parsed.positionals;
  if (file === undefined) return usage('name the record file to review');
  if (extra.length > 0) return usage(`one record at a time, not also "${extra[0]}"`);
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    return usage(`cannot read ${file}: ${(e as Error).message}`);
  }
  let record: unknown;
  if (text.trimStart().startsWith('{')) {
    try {
      record = JSON.parse(text) as unknown;
    } catch (e) {
      return usage(`${file} is not valid JSON: ${(e as Error).message}`);
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record))
      return usage(`${file} does not hold a record (a JSON object)`);
  } else {
    const tree = readRecordText(text, findGame);
    if (!tree.ok) {
      errOut.write(`${describeError(tree.error, lang)}\n`);
      return 1;
    }
    record = recordOfTree(tree.value);
  }
  const id = (record as { game?: unknown }).game;
  const game = typeof id === 'string' ? findGame(id) : undefined;
  if (!game) return usage(`unknown game ${JSON.stringify(id)}`);
  const review = reviewMatch(game, record, {
    ...(nodes !== undefined ? { nodes } : {}),
    ...(iterations !== undefined ? { iterations } : {}),
  });
  if (!review.ok) {
    if (review.error.code === 'CANNOT_REVIEW') return usage(`a ${game.id} match of this size cannot be reviewed`);
    errOut.write(`${describeError(review.error, lang, game.messages)}\n`);
    return 1;
  }
  const match = replay(game, record);
  out.write(
    parsed.values.json
      ? `${JSON.stringify(review.value)}\n`
      : reviewText(review.value, game, lang, match.ok ? match.value : undefined),
  );
  return 0;
}
