/**
 * Lancelot in words for a screen reader (core speech.ts): squares of the field named with the knight or the sword
 * on them ("K4, Red knight", "G6, Excalibur, held by Blue", "D9, empty"), and the queries that tell where each
 * colour stands, what a row, a column or the lines through a square hold (the rule of chivalry counts them), the
 * captures and the sword. Colours are always named, never shown alone. Lancelot has no secrets.
 */
import {
  countText,
  listText,
  parseQuery,
  type GameSpeech,
  type Lang,
  type Seat,
  type SpeechAnswer,
  type SpeechCommand,
  type SpeechInput,
} from '@roundtable/core';
import { COLUMNS, fieldFor, lineCellsOf, linesThrough, lookupSquare, type Field } from './geometry.ts';
import { seatName } from './seats.ts';
import type { LancelotView } from './state.ts';

const commands: readonly SpeechCommand[] = [
  {
    id: 'mine',
    words: { en: ['mine', 'my knights', 'where mine'], fr: ['miens', 'mes chevaliers', 'où miens'] },
    help: { en: 'where your knights stand', fr: 'où sont vos chevaliers' },
  },
  {
    id: 'pieces',
    words: { en: ['pieces', 'knights on', 'where'], fr: ['pièces', 'où'] },
    args: { en: '[colour]', fr: '[couleur]' },
    help: {
      en: 'where the knights of a colour stand (every colour without one)',
      fr: 'où sont les chevaliers d’une couleur (toutes sans couleur)',
    },
    overview: true,
  },
  {
    id: 'square',
    words: { en: ['square', 'what'], fr: ['case', 'quoi'] },
    args: { en: '<square>', fr: '<case>' },
    help: { en: 'what stands on a square, e.g. square K4', fr: 'ce qui occupe une case, par exemple case K4' },
  },
  {
    id: 'row',
    words: { en: ['row', 'rank'], fr: ['rangée', 'rangee', 'ligne'] },
    args: { en: '<number>', fr: '<numéro>' },
    help: { en: 'the knights on a row, e.g. row 4', fr: 'les chevaliers d’une rangée, par exemple rangée 4' },
  },
  {
    id: 'column',
    words: { en: ['column', 'file'], fr: ['colonne'] },
    args: { en: '<letter>', fr: '<lettre>' },
    help: { en: 'the knights on a column, e.g. column K', fr: 'les chevaliers d’une colonne, par exemple colonne K' },
  },
  {
    id: 'lines',
    words: { en: ['lines', 'count'], fr: ['lignes', 'compter'] },
    args: { en: '<square>', fr: '<case>' },
    help: {
      en: 'each colour’s pieces on every line through a square (the rule of chivalry)',
      fr: 'les pièces de chaque couleur sur chaque ligne passant par une case (la règle de chevalerie)',
    },
  },
  {
    id: 'scores',
    words: { en: ['scores', 'score', 'captures'], fr: ['scores', 'score', 'prises'] },
    help: {
      en: 'knights captured by each colour, the target, knights left to place',
      fr: 'chevaliers pris par chaque couleur, l’objectif, chevaliers restant à poser',
    },
    overview: true,
  },
  {
    id: 'sword',
    words: { en: ['sword', 'excalibur'], fr: ['épée', 'epee'] },
    help: {
      en: 'where Excalibur is, who holds it, who may still invoke it',
      fr: 'où est Excalibur, qui la tient, qui peut encore l’invoquer',
    },
  },
];

const colon = (lang: Lang) => (lang === 'fr' ? '\u00a0:' : ':');
const semi = (lang: Lang) => (lang === 'fr' ? '\u00a0; ' : '; ');

function knight(seat: Seat, lang: Lang): string {
  return lang === 'fr' ? `chevalier ${seatName(seat, lang)}` : `${seatName(seat, lang)} knight`;
}

/** What stands on a cell, in words, or null when empty. */
function occupant(v: LancelotView, field: Field, cell: number, lang: Lang): string | null {
  const seat = v.board[cell];
  if (seat !== null && seat !== undefined) return knight(seat, lang);
  if (v.excalibur === field.names[cell]) {
    if (v.holder === null) return lang === 'fr' ? 'Excalibur, à personne' : 'Excalibur, held by nobody';
    return lang === 'fr'
      ? `Excalibur, tenue par ${seatName(v.holder, lang)}`
      : `Excalibur, held by ${seatName(v.holder, lang)}`;
  }
  return null;
}

function squareName(v: LancelotView, field: Field, cell: number, lang: Lang): string {
  return `${field.names[cell]!}, ${occupant(v, field, cell, lang) ?? (lang === 'fr' ? 'vide' : 'empty')}`;
}

/** A colour's knights in one sentence. */
function colourPieces(v: LancelotView, field: Field, seat: Seat, lang: Lang): { text: string; refs: string[] } {
  const refs = v.board.flatMap((s, cell) => (s === seat ? [field.names[cell]!] : []));
  const en = lang === 'en';
  const name = seatName(seat, lang);
  const text =
    refs.length === 0
      ? en
        ? `${name} has no knight on the field.`
        : `${name} n’a aucun chevalier sur le terrain.`
      : `${name}${colon(lang)} ${countText(refs.length, en ? 'knight' : 'chevalier', en ? 'knights' : 'chevaliers', lang)} ${en ? 'on' : 'en'} ${listText(refs, lang)}.`;
  return { text, refs };
}

/** "Red 2, Blue 1, Excalibur" for the cells of a line; "empty" when nothing stands on it. */
function lineCount(v: LancelotView, field: Field, cells: readonly number[], lang: Lang): string {
  const counts = new Map<Seat, number>();
  let sword = false;
  for (const c of cells) {
    const s = v.board[c];
    if (s !== null && s !== undefined) counts.set(s, (counts.get(s) ?? 0) + 1);
    else if (v.excalibur === field.names[c]) sword = true;
  }
  const parts = [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${seatName(s, lang)} ${n}`);
  if (sword) parts.push('Excalibur');
  return parts.length === 0 ? (lang === 'fr' ? 'vide' : 'empty') : parts.join(', ');
}

function lineName(name: string, lang: Lang): string {
  if (lang === 'en') return name[0]!.toUpperCase() + name.slice(1);
  return name
    .replace(/^row/, 'Rangée')
    .replace(/^column/, 'Colonne')
    .replace(/^diagonal/, 'Diagonale');
}

function seatOfWord(word: string | undefined, players: number): Seat | null {
  if (word === undefined) return null;
  for (let s = 0; s < players; s++)
    for (const lang of ['en', 'fr'] as const) {
      const n = seatName(s, lang).toLowerCase();
      if (word === n || word === n[0] || (lang === 'fr' && word === 'violet' && s === 4)) return s;
    }
  return null;
}

function badSquare(arg: string | undefined, field: Field, lang: Lang): SpeechAnswer {
  const [a, b] = field.corners;
  const what = arg ? arg.toUpperCase() : '';
  return {
    text:
      lang === 'fr'
        ? `${what ? `${what} n’est pas une case du terrain (${a} à ${b}). ` : ''}Indiquez une case, par exemple case ${b}.`
        : `${what ? `${what} is not a square of the field (${a} to ${b}). ` : ''}Say a square, e.g. square ${b}.`,
    error: true,
  };
}

function answer(v: LancelotView, field: Field, id: string, args: readonly string[], input: SpeechInput): SpeechAnswer {
  const { lang, viewer } = input;
  const en = lang === 'en';
  const seats = Array.from({ length: v.players }, (_, i) => i);
  const cellOf = (arg: string | undefined): number | null => {
    const found = arg === undefined ? null : lookupSquare(field, arg);
    return found?.kind === 'cell' ? found.cell : null;
  };
  switch (id) {
    case 'mine':
      if (viewer === 'spectator')
        return {
          text: en
            ? 'You are watching: say pieces and a colour.'
            : 'Vous regardez la partie\u00a0: dites pièces et une couleur.',
          error: true,
        };
      return colourPieces(v, field, viewer, lang);
    case 'pieces': {
      if (args.length === 0) {
        const told = seats.map((s) => colourPieces(v, field, s, lang));
        const sword = v.excalibur ? ` ${squareName(v, field, lookupSquareCell(field, v.excalibur), lang)}.` : '';
        return { text: told.map((t) => t.text).join(' ') + sword, refs: told.flatMap((t) => t.refs) };
      }
      const seat = seatOfWord(args[0], v.players);
      if (seat === null)
        return {
          text: en
            ? `Say a colour of this game: ${listText(
                seats.map((s) => seatName(s, 'en')),
                'en',
              )}.`
            : `Indiquez une couleur de la partie\u00a0: ${listText(
                seats.map((s) => seatName(s, 'fr')),
                'fr',
              )}.`,
          error: true,
        };
      return colourPieces(v, field, seat, lang);
    }
    case 'square': {
      const cell = cellOf(args[0]);
      if (cell === null) return badSquare(args[0], field, lang);
      return { text: `${squareName(v, field, cell, lang)}.`, refs: [field.names[cell]!] };
    }
    case 'row':
    case 'column': {
      const arg = args[0] ?? '';
      const name = id === 'row' ? `row ${arg}` : `column ${arg.toUpperCase()}`;
      const line = field.lineNames.indexOf(name);
      if (line < 0) {
        const first = id === 'row' ? String(field.offset + 1) : COLUMNS[field.offset]!;
        const last = id === 'row' ? String(field.offset + field.size) : COLUMNS[field.offset + field.size - 1]!;
        return {
          text: en
            ? `Say a ${id} of the field, from ${first} to ${last}.`
            : `Indiquez une ${id === 'row' ? 'rangée' : 'colonne'} du terrain, de ${first} à ${last}.`,
          error: true,
        };
      }
      const cells = lineCellsOf(field, line);
      const taken = cells.filter((c) => occupant(v, field, c, lang) !== null);
      const title = `${lineName(name, lang)} (${field.names[cells[0]!]!}–${field.names[cells[cells.length - 1]!]!})`;
      if (taken.length === 0) return { text: `${title}${colon(lang)} ${en ? 'empty' : 'vide'}.`, refs: [] };
      const items = taken.map((c) => `${field.names[c]!} ${occupant(v, field, c, lang)!}`);
      return {
        text: `${title}${colon(lang)} ${items.join(', ')}${semi(lang)}${countText(
          cells.length - taken.length,
          en ? 'empty square' : 'case vide',
          en ? 'empty squares' : 'cases vides',
          lang,
        )}.`,
        refs: taken.map((c) => field.names[c]!),
      };
    }
    case 'lines': {
      const cell = cellOf(args[0]);
      if (cell === null) return badSquare(args[0], field, lang);
      const parts = linesThrough(field, cell).map(
        (l) =>
          `${lineName(field.lineNames[l]!, lang)}${colon(lang)} ${lineCount(v, field, lineCellsOf(field, l), lang)}`,
      );
      return { text: `${squareName(v, field, cell, lang)}. ${parts.join(semi(lang))}.`, refs: [field.names[cell]!] };
    }
    case 'scores': {
      const each = seats.map(
        (s) =>
          `${seatName(s, lang)} ${v.captures[s]}${en ? ` (${v.hand[s]} left to place)` : ` (${v.hand[s]} à poser)`}`,
      );
      return {
        text: en
          ? `Captures: ${each.join(', ')}. ${v.options.target} captures win.`
          : `Prises\u00a0: ${each.join(', ')}. ${v.options.target} prises font gagner.`,
      };
    }
    default: {
      // sword
      if (!v.options.excalibur)
        return { text: en ? 'This game is played without Excalibur.' : 'Cette partie se joue sans Excalibur.' };
      const where = v.excalibur
        ? `${squareName(v, field, lookupSquareCell(field, v.excalibur), lang)}.`
        : en
          ? 'Excalibur is not on the field yet.'
          : 'Excalibur n’est pas encore sur le terrain.';
      const shields = seats.filter((s) => v.shields[s]).map((s) => seatName(s, lang));
      const may =
        shields.length === 0
          ? en
            ? 'Nobody may invoke it any more.'
            : 'Plus personne ne peut l’invoquer.'
          : en
            ? `May still invoke it: ${listText(shields, lang)}.`
            : `${shields.length === 1 ? 'Peut' : 'Peuvent'} encore l’invoquer\u00a0: ${listText(shields, lang)}.`;
      return { text: `${where} ${may}`, ...(v.excalibur ? { refs: [v.excalibur] } : {}) };
    }
  }
}

function lookupSquareCell(field: Field, square: string): number {
  const found = lookupSquare(field, square);
  return found.kind === 'cell' ? found.cell : -1;
}

export const lancelotSpeech: GameSpeech<LancelotView> = {
  commands,

  name(view, id, lang) {
    const field = fieldFor(view.players, view.options.diagonals);
    const found = lookupSquare(field, id);
    return found.kind === 'cell' ? squareName(view, field, found.cell, lang) : null;
  },

  things(view) {
    return [...fieldFor(view.players, view.options.diagonals).names];
  },

  ask(view, text, input) {
    const parsed = parseQuery(commands, text);
    if (!parsed) return null;
    return answer(view, fieldFor(view.players, view.options.diagonals), parsed.command.id, parsed.args, input);
  },
};
