import { pluralFor, type Lang, type Seat } from '@roundtable/core';
import {
  COLUMNS,
  describeExplanation,
  explainSquare,
  fieldFor,
  lancelot,
  lookupSquare,
  seatLetter,
  seatName,
  type LancelotState,
} from '@roundtable/lancelot';
import type { CommandContext, HintGroup, RenderOptions, TerminalAdapter } from '../terminal/adapter.ts';

/** ANSI foreground colours of the seats (Red, Blue, Green, Yellow, Purple). */
const SEAT_COLOURS = [31, 34, 32, 33, 35];
const SWORD = '†';

function paint(text: string, codes: readonly number[], color: boolean): string {
  return color && codes.length > 0 ? `\x1b[${codes.join(';')}m${text}\x1b[0m` : text;
}

/** The squares named in a move's notation (`K4`, `E:G6 G8`, `G8 E:?`). */
function squaresOf(state: LancelotState, notation: string | undefined): Set<number> {
  const cells = new Set<number>();
  if (!notation) return cells;
  const field = fieldFor(state.players, state.options.diagonals);
  for (const token of notation.split(/\s+/)) {
    const found = lookupSquare(field, token.replace(/^E:/i, ''));
    if (found.kind === 'cell') cells.add(found.cell);
  }
  return cells;
}

const TEXT = {
  en: {
    captures: 'Captures',
    hand: 'in hand',
    excalibur: 'Excalibur',
    nobody: 'counts against everybody until invoked',
    heldBy: (who: string) => `counts for ${who}`,
    shields: 'white shields (may still invoke it)',
    none: 'nobody',
    toMove: 'To move',
    placeSword: 'places Excalibur',
    placeKnight: 'places a knight (after invoking Excalibur)',
    placeSwordAfter: 'places Excalibur (announced with the knight)',
    over: 'Game over',
    wins: (who: string) => `${who} wins`,
    draw: (who: string) => (who ? `shared win: ${who}` : 'draw'),
    target: (n: number) => `first to ${n} captures wins`,
    legend: 'letters: seat colours; † Excalibur; + hint; [ ] last move; "illegal" marks the forbidden squares',
    legendIllegal: 'letters: seat colours; † Excalibur; * illegal for the player to move; + hint; [ ] last move',
    row: (n: string) => `row ${n}`,
    illegal: (who: string, n: number) =>
      `${n} ${n === 1 ? 'square is' : 'squares are'} illegal for ${who} (marked *). "why K4" says why.`,
  },
  fr: {
    captures: 'Captures',
    hand: 'en réserve',
    excalibur: 'Excalibur',
    nobody: 'compte contre tout le monde jusqu’à son invocation',
    heldBy: (who: string) => `compte pour ${who}`,
    shields: 'boucliers blancs (peuvent encore l’invoquer)',
    none: 'personne',
    toMove: 'Au trait',
    placeSword: 'place Excalibur',
    placeKnight: 'place un chevalier (après avoir invoqué Excalibur)',
    placeSwordAfter: 'place Excalibur (annoncée avec le chevalier)',
    over: 'Partie terminée',
    wins: (who: string) => `${who} gagne`,
    draw: (who: string) => (who ? `victoire partagée\u00a0: ${who}` : 'égalité'),
    target: (n: number) => `le premier à ${n} captures gagne`,
    legend:
      'lettres\u00a0: couleurs des joueurs\u00a0; † Excalibur\u00a0; + indice\u00a0; [ ] dernier coup\u00a0; «\u00a0interdites\u00a0» marque les cases interdites',
    legendIllegal:
      'lettres\u00a0: couleurs des joueurs\u00a0; † Excalibur\u00a0; * interdite au joueur au trait\u00a0; + indice\u00a0; [ ] dernier coup',
    row: (n: string) => `rangée ${n}`,
    illegal: (who: string, n: number) =>
      `${n} ${pluralFor(n, 'fr') ? 'cases interdites' : 'case interdite'} à ${who} (${pluralFor(n, 'fr') ? 'marquées' : 'marquée'} *). «\u00a0why K4\u00a0» dit pourquoi.`,
  },
} as const;

function who(seat: Seat, lang: Lang, color: boolean): string {
  return paint(`${seatName(seat, lang)} (${seatLetter(seat, lang)})`, [SEAT_COLOURS[seat] ?? 0, 1], color);
}

/** The cells where the seat to move may not place a knight. */
function illegalCells(state: LancelotState): Set<number> {
  const field = fieldFor(state.players, state.options.diagonals);
  const out = new Set<number>();
  field.names.forEach((square, cell) => {
    if (state.board[cell] === null && state.excalibur !== square && !explainSquare(state, state.seat, square).legal)
      out.add(cell);
  });
  return out;
}

function renderState(state: LancelotState, options: RenderOptions, illegal: ReadonlySet<number> = new Set()): string {
  const { color, lang } = options;
  const t = TEXT[lang];
  const field = fieldFor(state.players, state.options.diagonals);
  const last = squaresOf(state, options.lastMove);
  const hints = new Set<number>();
  for (const h of options.hints ?? []) for (const c of squaresOf(state, h)) hints.add(c);
  const swordCell = state.excalibur === null ? -1 : (lookupSquare(field, state.excalibur) as { cell: number }).cell;

  const header = `     ${Array.from({ length: field.size }, (_, c) => ` ${COLUMNS[c + field.offset]} `).join('')}`;
  const lines = [header];
  for (let r = field.size - 1; r >= 0; r--) {
    const rowName = String(r + field.offset + 1).padStart(3);
    let row = `${rowName}  `;
    for (let c = 0; c < field.size; c++) {
      const cell = r * field.size + c;
      const v = state.board[cell];
      let mark: string;
      if (v !== null && v !== undefined) mark = paint(seatLetter(v, lang), [SEAT_COLOURS[v] ?? 0, 1], color);
      else if (cell === swordCell)
        mark = paint(SWORD, state.holder === null ? [1, 7] : [SEAT_COLOURS[state.holder] ?? 0, 1, 7], color);
      else if (illegal.has(cell)) mark = paint('*', [2], color);
      else if (hints.has(cell)) mark = paint('+', [36], color);
      else mark = paint('·', [2], color);
      row += last.has(cell) ? `[${mark}]` : ` ${mark} `;
    }
    lines.push(`${row}  ${rowName.trim()}`);
  }
  lines.push(header, '');

  const seats = Array.from({ length: state.players }, (_, s) => s);
  const c = lang === 'fr' ? '\u00a0:' : ':'; // French sets a space before a colon
  lines.push(`${t.captures} (${t.target(state.options.target)})${c}`);
  for (const s of seats) lines.push(`  ${who(s, lang, color)}${c} ${state.captures[s]} · ${state.hand[s]} ${t.hand}`);
  if (state.options.excalibur) {
    const where = state.excalibur ?? '—';
    const holder = state.holder === null ? t.nobody : t.heldBy(who(state.holder, lang, color));
    const shields =
      seats
        .filter((s) => state.shields[s])
        .map((s) => seatName(s, lang))
        .join(', ') || t.none;
    lines.push(
      `${SWORD} ${t.excalibur} ${where}${c} ${holder}${lang === 'fr' ? '\u00a0;' : ';'} ${t.shields}${c} ${shields}.`,
    );
  }
  const outcome = lancelot.outcome(state);
  if (outcome) {
    const names = outcome.winners.map((s) => seatName(s, lang)).join(', ');
    lines.push(`${t.over}${c} ${outcome.draw ? t.draw(names) : t.wins(names)}.`);
  } else {
    const doing =
      state.phase === 'sword'
        ? ` — ${t.placeSword}`
        : state.phase === 'knight'
          ? ` — ${t.placeKnight}`
          : state.phase === 'swordAfter'
            ? ` — ${t.placeSwordAfter}`
            : '';
    lines.push(`${t.toMove}${c} ${who(state.seat, lang, color)}${doing}`);
  }
  lines.push(paint(illegal.size > 0 ? t.legendIllegal : t.legend, [2], color));
  return lines.join('\n');
}

/**
 * The terminal's Lancelot: the field with a letter per seat (colour repeats it, never replaces it), Excalibur,
 * captures and whose turn; `why K4` and `illegal` answer "why not here?". Lancelot has perfect information, so
 * the view it is given is the whole state, and `explainSquare` can read it.
 */
export const lancelotAdapter: TerminalAdapter = {
  gameId: 'lancelot',
  privacyScreen: false,
  render(view: unknown, options: RenderOptions): string {
    return renderState(view as LancelotState, options);
  },
  commands: [
    {
      usage: 'why K4',
      help: {
        en: 'why a square is illegal for you, or what it would capture',
        fr: 'pourquoi une case vous est interdite, ou ce qu’elle capturerait',
      },
    },
    {
      usage: 'illegal',
      help: {
        en: 'mark every square illegal for the player to move',
        fr: 'marquer toutes les cases interdites au joueur au trait',
      },
    },
  ],
  command(line: string, context: CommandContext): string | null {
    const state = context.view as LancelotState;
    const { options, seat } = context;
    const words = line.trim().split(/\s+/);
    const verb = (words[0] ?? '').toLowerCase();
    if ((verb === 'why' || verb === 'pourquoi') && words.length === 2) {
      return describeExplanation(explainSquare(state, seat, words[1] as string), seat, options.lang);
    }
    if ((verb === 'illegal' || verb === 'interdites') && words.length === 1) {
      const illegal = illegalCells(state);
      const count = TEXT[options.lang].illegal(seatName(state.seat, options.lang), illegal.size);
      // Read aloud, the squares themselves rather than a board marked with them.
      if (options.plain)
        return `${count} ${[...illegal].map((c) => fieldFor(state.players, state.options.diagonals).names[c]).join(' ')}`;
      return `${renderState(state, options, illegal)}\n${count}`;
    }
    return null;
  },
  groupHints(legal: readonly string[], lang: Lang): HintGroup[] {
    // Squares by row, as on the board: "row 3: B3 C3 E3".
    const rows = new Map<string, string[]>();
    for (const move of legal) {
      const row = /^[A-Z](\d+)$/i.exec(move)?.[1];
      // Moves with Excalibur ("E:G6 G8", "G8 E:?") together, under its name.
      const label = row === undefined ? (/E:/i.test(move) ? TEXT[lang].excalibur : '') : TEXT[lang].row(row);
      rows.set(label, [...(rows.get(label) ?? []), move]);
    }
    return [...rows].map(([label, moves]) => ({ label, moves }));
  },
  seatAliases: { red: 0, blue: 1, green: 2, yellow: 3, purple: 4, rouge: 0, bleu: 1, vert: 2, jaune: 3, pourpre: 4 },
  describeReason(reason: string, lang: Lang): string | undefined {
    if (reason === 'target')
      return lang === 'en'
        ? 'a player captured the knights needed to win'
        : 'un joueur a capturé les chevaliers nécessaires à la victoire';
    if (reason === 'blocked')
      return lang === 'en'
        ? 'nobody could place a knight: most captures wins'
        : 'plus personne ne pouvait placer\u00a0: le plus de captures gagne';
    return undefined;
  },
};
