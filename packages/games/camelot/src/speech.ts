/**
 * Camelot in words for a screen reader (core speech.ts): squares named with what stands on them ("C6, white
 * knight", "F1, White's castle, empty") and the queries a player types to learn the board without seeing it.
 * Camelot has no secrets, so every viewer's view names the same things; "mine" is the viewer's side.
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
import { EMPTY, isKnight, sideOf, type Side } from './board.ts';
import { engineFor, type CamelotState, type Engine } from './engine.ts';
import { legalMoves } from './notation.ts';
import { readPosition } from './position.ts';
import type { CamelotView } from './view.ts';

const SIDES: Readonly<Record<Lang, readonly [string, string]>> = { en: ['White', 'Black'], fr: ['Blanc', 'Noir'] };

const commands: readonly SpeechCommand[] = [
  {
    id: 'mine',
    words: { en: ['mine', 'my pieces', 'where mine'], fr: ['miennes', 'mes pièces', 'où miennes'] },
    help: { en: 'where your pieces stand', fr: 'où sont vos pièces' },
  },
  {
    id: 'theirs',
    words: { en: ['theirs', 'their pieces', 'where theirs'], fr: ['adverses', 'leurs pièces', 'où adverses'] },
    help: { en: "where your opponent's pieces stand", fr: 'où sont les pièces adverses' },
  },
  {
    id: 'pieces',
    words: { en: ['pieces', 'where'], fr: ['pièces', 'où'] },
    args: { en: '[white|black]', fr: '[blanc|noir]' },
    help: {
      en: "where a side's pieces stand (both sides without a colour)",
      fr: 'où sont les pièces d’un camp (les deux sans couleur)',
    },
    overview: true,
  },
  {
    id: 'square',
    words: { en: ['square', 'what'], fr: ['case', 'quoi'] },
    args: { en: '<square>', fr: '<case>' },
    help: { en: 'what stands on a square, e.g. square F6', fr: 'ce qui occupe une case, par exemple case F6' },
  },
  {
    id: 'row',
    words: { en: ['row', 'rank'], fr: ['rangée', 'rangee', 'ligne'] },
    args: { en: '<number>', fr: '<numéro>' },
    help: { en: 'the pieces on a row, e.g. row 6', fr: 'les pièces d’une rangée, par exemple rangée 6' },
  },
  {
    id: 'file',
    words: { en: ['file', 'column'], fr: ['colonne'] },
    args: { en: '<letter>', fr: '<lettre>' },
    help: { en: 'the pieces on a file, e.g. file F', fr: 'les pièces d’une colonne, par exemple colonne F' },
  },
  {
    id: 'castles',
    words: { en: ['castles', 'castle'], fr: ['châteaux', 'château'] },
    help: {
      en: 'who stands in each castle, castle moves used',
      fr: 'qui occupe chaque château, coups de château joués',
    },
  },
  {
    id: 'threats',
    words: { en: ['threats', 'attacked'], fr: ['menaces', 'menacées'] },
    help: {
      en: 'your pieces the opponent could capture if it were their move, and from where',
      fr: 'vos pièces que l’adversaire pourrait prendre s’il avait le trait, et d’où',
    },
  },
  {
    id: 'count',
    words: { en: ['count', 'material', 'score'], fr: ['compte', 'matériel', 'score'] },
    help: {
      en: 'pieces left on each side, moves without a capture',
      fr: 'pièces restantes de chaque camp, coups sans prise',
    },
    overview: true,
  },
];

interface Board {
  readonly state: CamelotState;
  readonly engine: Engine;
}

function boardOf(view: CamelotView): Board | null {
  const engine = engineFor(view.variant, view.ends);
  const read = readPosition(engine, view.position);
  return read.ok ? { state: read.value, engine } : null;
}

function pieceWords(piece: number, lang: Lang): string {
  const side = sideOf(piece);
  if (lang === 'fr') return `${isKnight(piece) ? 'cavalier' : 'pion'} ${side === 0 ? 'blanc' : 'noir'}`;
  return `${side === 0 ? 'white' : 'black'} ${isKnight(piece) ? 'knight' : 'man'}`;
}

function squareName(b: Board, cell: number, lang: Lang): string {
  const { geo } = b.engine;
  const owner = geo.castleOwner[cell] ?? 0;
  const castle =
    owner === 0 ? '' : lang === 'fr' ? `, château de ${SIDES.fr[owner - 1]!}` : `, ${SIDES.en[owner - 1]!}'s castle`;
  const piece = b.state.board[cell] ?? EMPTY;
  const what = piece === EMPTY ? (lang === 'fr' ? 'vide' : 'empty') : pieceWords(piece, lang);
  return `${geo.name(cell)}${castle}, ${what}`;
}

/** Cells in reading order: rank 1 first, then by file. */
function cells(b: Board, keep: (cell: number) => boolean): number[] {
  return Array.from(b.engine.geo.cells).filter(keep);
}

/** "knights on C6 and D6; men on …" for one side. */
function sidePieces(b: Board, side: Side, lang: Lang): { text: string; refs: string[] } {
  const { geo } = b.engine;
  const mine = cells(b, (c) => {
    const p = b.state.board[c] ?? EMPTY;
    return p !== EMPTY && sideOf(p) === side;
  });
  const knights = mine.filter((c) => isKnight(b.state.board[c]!)).map((c) => geo.name(c));
  const men = mine.filter((c) => !isKnight(b.state.board[c]!)).map((c) => geo.name(c));
  const parts: string[] = [];
  const en = lang === 'en';
  if (knights.length > 0)
    parts.push(
      `${countText(knights.length, en ? 'knight' : 'cavalier', en ? 'knights' : 'cavaliers', lang)} ${en ? 'on' : 'en'} ${listText(knights, lang)}`,
    );
  if (men.length > 0)
    parts.push(
      `${countText(men.length, en ? 'man' : 'pion', en ? 'men' : 'pions', lang)} ${en ? 'on' : 'en'} ${listText(men, lang)}`,
    );
  const name = SIDES[lang][side];
  const text =
    parts.length === 0
      ? en
        ? `${name} has no pieces left.`
        : `${name} n’a plus de pièces.`
      : `${name}${en ? ':' : '\u00a0:'} ${parts.join(en ? '; ' : '\u00a0; ')}.`;
  return { text, refs: [...knights, ...men] };
}

function line(b: Board, which: 'row' | 'file', arg: string | undefined, lang: Lang): SpeechAnswer {
  const { geo, layout } = b.engine;
  const en = lang === 'en';
  let keep: ((c: number) => boolean) | null = null;
  if (which === 'row') {
    const n = Number(arg);
    if (Number.isInteger(n) && n >= 1 && n <= layout.ranks) keep = (c) => geo.rankOf(c) === n;
  } else if (arg && /^[a-z]$/.test(arg)) {
    const f = arg.charCodeAt(0) - 97;
    if (f < layout.files) keep = (c) => geo.fileOf(c) === f;
  }
  if (!keep) {
    const text =
      which === 'row'
        ? en
          ? `Say a row from 1 to ${layout.ranks}, e.g. row 6.`
          : `Indiquez une rangée de 1 à ${layout.ranks}, par exemple rangée 6.`
        : en
          ? `Say a file from A to ${String.fromCharCode(64 + layout.files)}, e.g. file F.`
          : `Indiquez une colonne de A à ${String.fromCharCode(64 + layout.files)}, par exemple colonne F.`;
    return { text, error: true };
  }
  const on = cells(b, keep);
  const taken = on.filter((c) => b.state.board[c] !== EMPTY);
  const title =
    which === 'row'
      ? en
        ? `Row ${arg!}`
        : `Rangée ${arg!}`
      : en
        ? `File ${arg!.toUpperCase()}`
        : `Colonne ${arg!.toUpperCase()}`;
  const span = `${geo.name(on[0]!)}–${geo.name(on[on.length - 1]!)}`;
  if (taken.length === 0)
    return { text: en ? `${title} (${span}): empty.` : `${title} (${span})\u00a0: vide.`, refs: [] };
  const items = taken.map((c) => `${geo.name(c)} ${pieceWords(b.state.board[c]!, lang)}`);
  const rest = on.length - taken.length;
  const empties = en
    ? `; ${countText(rest, 'empty square', 'empty squares', 'en')}`
    : `\u00a0; ${countText(rest, 'case vide', 'cases vides', 'fr')}`;
  return {
    text: `${title} (${span})${en ? ':' : '\u00a0:'} ${items.join(', ')}${rest > 0 ? empties : ''}.`,
    refs: taken.map((c) => geo.name(c)),
  };
}

/** The pieces of `side` the other side could capture if it were to move now, each with the squares it is taken from. */
function threats(b: Board, side: Side, lang: Lang): SpeechAnswer {
  const { geo } = b.engine;
  const en = lang === 'en';
  const enemy = (1 - side) as Side;
  const taken = new Map<number, Set<number>>();
  if (!b.state.outcome)
    for (const move of legalMoves(b.engine, { ...b.state, side: enemy }))
      for (const c of move.captures) taken.set(c, (taken.get(c) ?? new Set()).add(move.from));
  const name = SIDES[lang][side];
  if (taken.size === 0)
    return {
      text: en
        ? `No piece of ${name} can be captured on the next move.`
        : `Aucune pièce de ${name} ne peut être prise au prochain coup.`,
      refs: [],
    };
  const cells = [...taken.keys()].sort((x, y) => x - y);
  const items = cells.map((c) => {
    const from = listText(
      [...taken.get(c)!].map((f) => geo.name(f)),
      lang,
    );
    return `${geo.name(c)} ${pieceWords(b.state.board[c]!, lang)} (${en ? 'from' : 'depuis'} ${from})`;
  });
  const who = SIDES[lang][enemy];
  return {
    text: en
      ? `${who} could capture ${countText(cells.length, `piece of ${name}`, `pieces of ${name}`, 'en')}: ${items.join(', ')}.`
      : `${who} pourrait prendre ${countText(cells.length, `pièce de ${name}`, `pièces de ${name}`, 'fr')}\u00a0: ${items.join(', ')}.`,
    refs: cells.map((c) => geo.name(c)),
  };
}

function answer(b: Board, id: string, args: readonly string[], input: SpeechInput): SpeechAnswer {
  const { lang, viewer } = input;
  const en = lang === 'en';
  const { geo, layout } = b.engine;
  const side = (s: Seat) => SIDES[lang][s] ?? String(s);
  switch (id) {
    case 'mine':
    case 'theirs': {
      if (viewer === 'spectator')
        return {
          text: en
            ? 'You are watching: say pieces white or pieces black.'
            : 'Vous regardez la partie\u00a0: dites pièces blanc ou pièces noir.',
          error: true,
        };
      const s = (id === 'mine' ? viewer : 1 - viewer) as Side;
      return sidePieces(b, s, lang);
    }
    case 'pieces': {
      const w = args[0];
      const which: Side[] =
        w === 'white' || w === 'blanc' || w === 'blancs' || w === 'w'
          ? [0]
          : w === 'black' || w === 'noir' || w === 'noirs' || w === 'b'
            ? [1]
            : w === undefined
              ? [0, 1]
              : [];
      if (which.length === 0)
        return { text: en ? 'Say pieces white or pieces black.' : 'Dites pièces blanc ou pièces noir.', error: true };
      const told = which.map((s) => sidePieces(b, s, lang));
      return { text: told.map((t) => t.text).join(' '), refs: told.flatMap((t) => t.refs) };
    }
    case 'square': {
      const cell = args[0] === undefined ? undefined : geo.parse(args[0]);
      if (cell === undefined)
        return {
          text: en
            ? `${args[0] ? `There is no square ${args[0].toUpperCase()} on this board. ` : ''}Say a square, e.g. square F6.`
            : `${args[0] ? `Il n’y a pas de case ${args[0].toUpperCase()} sur ce plateau. ` : ''}Indiquez une case, par exemple case F6.`,
          error: true,
        };
      return { text: `${squareName(b, cell, lang)}.`, refs: [geo.name(cell)] };
    }
    case 'row':
    case 'file':
      return line(b, id, args[0], lang);
    case 'threats': {
      if (viewer !== 'spectator') return threats(b, viewer as Side, lang);
      const both = ([0, 1] as const).map((s) => threats(b, s, lang));
      return { text: both.map((t) => t.text).join(' '), refs: both.flatMap((t) => t.refs ?? []) };
    }
    case 'castles': {
      const parts = ([0, 1] as const).map((s) => {
        const sq = Array.from(b.engine.geo.castleCells[s]);
        const held = sq.map((c) =>
          b.state.board[c] === EMPTY
            ? `${geo.name(c)} ${en ? 'empty' : 'vide'}`
            : `${geo.name(c)} ${pieceWords(b.state.board[c]!, lang)}`,
        );
        return en ? `${side(s)}'s castle: ${held.join(', ')}.` : `Château de ${side(s)}\u00a0: ${held.join(', ')}.`;
      });
      const limit = layout.castleMoveLimit;
      const used =
        limit > 0
          ? en
            ? ` Castle moves used: ${side(0)} ${b.state.castleMoves[0]} of ${limit}, ${side(1)} ${b.state.castleMoves[1]} of ${limit}.`
            : ` Coups de château joués\u00a0: ${side(0)} ${b.state.castleMoves[0]} sur ${limit}, ${side(1)} ${b.state.castleMoves[1]} sur ${limit}.`
          : '';
      return {
        text: `${parts.join(' ')}${used}`,
        refs: [...geo.castleCells[0], ...geo.castleCells[1]].map((c) => geo.name(c)),
      };
    }
    default: {
      // count
      const counts = ([0, 1] as const).map((s) => {
        let knights = 0;
        let men = 0;
        for (const c of geo.cells) {
          const p = b.state.board[c]!;
          if (p === EMPTY || sideOf(p) !== s) continue;
          if (isKnight(p)) knights++;
          else men++;
        }
        return en
          ? `${side(s)}: ${countText(knights, 'knight', 'knights', 'en')} and ${countText(men, 'man', 'men', 'en')}`
          : `${side(s)}\u00a0: ${countText(knights, 'cavalier', 'cavaliers', 'fr')} et ${countText(men, 'pion', 'pions', 'fr')}`;
      });
      const quiet = Math.floor(b.state.quiet / 2);
      return {
        text: en
          ? `${counts.join('; ')}. ${countText(quiet, 'move', 'moves', 'en')} each without a capture or castle entry (a draw at 50).`
          : `${counts.join('\u00a0; ')}. ${countText(quiet, 'coup', 'coups', 'fr')} chacun sans prise ni entrée dans un château (nulle à 50).`,
      };
    }
  }
}

export const camelotSpeech: GameSpeech<CamelotView> = {
  commands,

  name(view, id, lang) {
    const b = boardOf(view);
    const cell = b?.engine.geo.parse(id);
    return b && cell !== undefined ? squareName(b, cell, lang) : null;
  },

  things(view) {
    const b = boardOf(view);
    return b ? Array.from(b.engine.geo.cells, (c) => b.engine.geo.name(c)) : [];
  },

  ask(view, text, input) {
    const parsed = parseQuery(commands, text);
    if (!parsed) return null;
    const b = boardOf(view);
    if (!b)
      return { text: input.lang === 'en' ? 'The position cannot be read.' : 'La position est illisible.', error: true };
    return answer(b, parsed.command.id, parsed.args, input);
  },
};
