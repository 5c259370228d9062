/**
 * The log in words for Camelot: every move told as a sentence ("White jumps from F6 over E7 to D8, capturing a
 * Black man"). Camelot has no secrets, so the move's notation and the two positions tell everything; the board
 * before the move says which piece moved and which were captured.
 */
import type { Lang, LogEntry, NarrationInput, Seat } from '@roundtable/core';
import { BLACK_KNIGHT, EMPTY, WHITE_KNIGHT, sideOf } from './board.ts';
import { engineFor, type CamelotState } from './engine.ts';
import { readPosition } from './position.ts';
import type { CamelotView } from './view.ts';

const REASONS: Readonly<Record<string, { readonly en: string; readonly fr: string }>> = {
  castle: { en: 'two pieces hold the enemy castle', fr: 'deux pièces occupent le château adverse' },
  annihilation: { en: 'every enemy piece is captured', fr: 'toutes les pièces adverses sont prises' },
  bare: { en: 'neither side has enough pieces left to win', fr: 'aucun camp n’a assez de pièces pour gagner' },
  'no-moves': { en: 'the side to move has no legal move', fr: 'le camp au trait n’a aucun coup légal' },
  repetition: { en: 'the same position occurred three times', fr: 'la même position est apparue trois fois' },
  'fifty-moves': {
    en: '50 moves each without a capture or castle entry',
    fr: '50 coups chacun sans prise ni entrée dans un château',
  },
};

function stateOf(v: CamelotView): CamelotState | null {
  const read = readPosition(engineFor(v.variant, v.ends), v.position);
  return read.ok ? read.value : null;
}

export function narrate(before: CamelotView | null, after: CamelotView, input: NarrationInput): LogEntry[] {
  const { lang } = input;
  const tr = (fr: string, en: string) => (lang === 'fr' ? fr : en);
  const side = (s: Seat) => input.name(s);
  const out: LogEntry[] = [];
  const was = before ? stateOf(before) : null;
  const now = stateOf(after);
  const group = tr(
    `Coup ${was?.moveNumber ?? now?.moveNumber ?? 1}`,
    `Move ${was?.moveNumber ?? now?.moveNumber ?? 1}`,
  );
  if (before === null || was === null) {
    out.push({ text: tr(`${side(0)} commence.`, `${side(0)} starts.`), group, kind: 'event' });
    return out;
  }
  const move = input.move;
  if (move) {
    const told = describe(was, move.seat, move.notation, lang, side);
    if (told) out.push({ text: told.text, group, kind: 'move', seat: move.seat, refs: told.squares });
  }
  if (after.outcome && !before.outcome) {
    const o = after.outcome;
    const reason = REASONS[o.reason]?.[lang] ?? o.reason;
    const text =
      o.draw || o.winners.length === 0
        ? tr(`Partie nulle\u00a0: ${reason}.`, `Draw: ${reason}.`)
        : tr(`${side(o.winners[0]!)} gagne\u00a0: ${reason}.`, `${side(o.winners[0]!)} wins: ${reason}.`);
    out.push({ text, group, kind: 'outcome' });
  }
  return out;
}

/** The sentence for one move in notation (`F6-F5`, `E6-E8-C8`, `E8xC10xC12`), read on the board before it. */
function describe(
  s: CamelotState,
  seat: Seat,
  notation: string,
  lang: Lang,
  side: (s: Seat) => string,
): { text: string; squares: string[] } | null {
  const tr = (fr: string, en: string) => (lang === 'fr' ? fr : en);
  const geo = engineFor(s.variant, s.ends).geo;
  const squares = notation.toUpperCase().split(/[-x]/i);
  const seps = notation.match(/[-x]/gi) ?? [];
  const cells = squares.map((q) => geo.parse(q));
  if (cells.some((c) => c === undefined) || cells.length < 2) return null;
  const from = cells[0]!;
  const piece = s.board[from]!;
  const knight = piece === WHITE_KNIGHT || piece === BLACK_KNIGHT;
  const who = knight
    ? tr(`le cavalier de ${side(seat)}`, `${side(seat)}'s knight`)
    : tr(`le pion de ${side(seat)}`, `${side(seat)}'s man`);
  const parts: string[] = [];
  for (let i = 0; i + 1 < cells.length; i++) {
    const a = cells[i]!;
    const b = cells[i + 1]!;
    const df = geo.fileOf(b) - geo.fileOf(a);
    const dr = geo.rankOf(b) - geo.rankOf(a);
    const over =
      Math.abs(df) === 2 || Math.abs(dr) === 2 ? geo.cellAt(geo.fileOf(a) + df / 2, geo.rankOf(a) + dr / 2) : null;
    const [an, bn] = [geo.name(a), geo.name(b)];
    const first = i === 0;
    if (over === null) {
      parts.push(tr(`va de ${an} à ${bn}`, `moves from ${an} to ${bn}`));
    } else if (seps[i]?.toLowerCase() === 'x') {
      const captured = s.board[over]!;
      const whose = captured === EMPTY ? '' : side(sideOf(captured));
      const what =
        captured === WHITE_KNIGHT || captured === BLACK_KNIGHT
          ? tr(`un cavalier de ${whose}`, `a ${whose} knight`)
          : tr(`un pion de ${whose}`, `a ${whose} man`);
      parts.push(
        first
          ? tr(
              `saute de ${an} par-dessus ${geo.name(over)} en ${bn} et prend ${what}`,
              `jumps from ${an} over ${geo.name(over)} to ${bn}, capturing ${what}`,
            )
          : tr(
              `puis saute par-dessus ${geo.name(over)} en ${bn} et prend ${what}`,
              `then jumps over ${geo.name(over)} to ${bn}, capturing ${what}`,
            ),
      );
    } else {
      parts.push(
        first
          ? tr(
              `galope de ${an} par-dessus ${geo.name(over)} en ${bn}`,
              `canters from ${an} over ${geo.name(over)} to ${bn}`,
            )
          : tr(`puis galope par-dessus ${geo.name(over)} en ${bn}`, `then canters over ${geo.name(over)} to ${bn}`),
      );
    }
  }
  const owner = geo.castleOwner[cells[cells.length - 1]!]!;
  const castle = owner !== 0 && owner - 1 !== seat ? tr(', dans le château adverse', ', into the enemy castle') : '';
  const subject = who[0]!.toUpperCase() + who.slice(1);
  return {
    text: `${subject} ${parts.join(lang === 'fr' ? ', ' : ', ')}${castle}.`,
    squares: cells.map((c) => geo.name(c!)),
  };
}
