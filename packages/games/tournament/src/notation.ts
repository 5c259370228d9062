/** Move notation (see NOTATION.md): readable, stable, case-insensitive, French aliases accepted. */
import { err, ok, type GameError, type Result } from '@roundtable/core';
import { SUIT_CODE, kindFromText, slug, suitFromText, suitValueFromText, type Suit } from './cards.ts';
import { POWER_BY_ID } from './powers.ts';
import type { Declaration, Move } from './types.ts';

const declaration = (d: Declaration): string => `${SUIT_CODE[d.suit]}${d.value}`;

export function formatMove(move: Move): string {
  switch (move.type) {
    case 'play':
      return move.declare ? `play ${move.card} ${declaration(move.declare)}` : `play ${move.card}`;
    case 'discard':
      return `discard ${move.card}`;
    case 'give':
      return `give ${move.card}`;
    case 'take':
      return `take ${move.godsend}`;
    case 'draw':
      return 'draw';
    case 'hero':
      return `hero ${move.hero}`;
    case 'use': {
      const parts = ['use', move.power];
      if (move.target !== undefined) parts.push(`@${move.target}`);
      if (move.suit !== undefined) parts.push(move.suit);
      if (move.by !== undefined) parts.push(move.by > 0 ? `+${move.by}` : String(move.by));
      return parts.join(' ');
    }
  }
}

const VERBS: Readonly<Record<string, Move['type']>> = {
  play: 'play',
  jouer: 'play',
  joue: 'play',
  discard: 'discard',
  defausser: 'discard',
  defausse: 'discard',
  use: 'use',
  utiliser: 'use',
  utilise: 'use',
  give: 'give',
  donner: 'give',
  donne: 'give',
  take: 'take',
  prendre: 'take',
  prend: 'take',
  draw: 'draw',
  piocher: 'draw',
  pioche: 'draw',
  hero: 'hero',
  heros: 'hero',
};

function bad(text: string, reason: string, reasonFr: string): { ok: false; error: GameError } {
  return err({ code: 'BAD_NOTATION', text, reason, reasonFr });
}

export function parseMove(text: string): Result<Move> {
  const words = text
    .trim()
    .split(/[\s,]+/)
    .filter((w) => w.length > 0);
  const [head, ...rest] = words;
  if (head === undefined) return bad(text, 'empty move', 'coup vide');
  // Own keys only: a typed "constructor" or "__proto__" is an unknown word, not Object.prototype's.
  const verb = Object.hasOwn(VERBS, slug(head)) ? VERBS[slug(head)] : undefined;
  if (verb === undefined) {
    // `sw7` or `merlin so11` alone is read as a play.
    if (kindFromText(head) !== null) return parseMove(`play ${text}`);
    return bad(text, `unknown word "${head}"`, `mot inconnu « ${head} »`);
  }
  const one = (): string | null => (rest.length === 1 ? rest[0]! : null);
  switch (verb) {
    case 'draw':
      return rest.length === 0
        ? ok({ type: 'draw' })
        : bad(text, '"draw" takes no argument', "« draw » ne prend pas d'argument");
    case 'hero': {
      const h = one();
      return h !== null ? ok({ type: 'hero', hero: slug(h) }) : bad(text, 'expected one hero id', 'un héros attendu');
    }
    case 'take': {
      const g = one();
      return g !== null
        ? ok({ type: 'take', godsend: slug(g) })
        : bad(text, 'expected one godsend id', 'une faveur divine attendue');
    }
    case 'discard':
    case 'give': {
      const w = one();
      const kind = w === null ? null : kindFromText(w);
      return kind !== null
        ? ok({ type: verb, card: kind })
        : bad(text, 'expected one card (e.g. sw7, al3, merlin)', 'une carte attendue (ex. sw7, al3, merlin)');
    }
    case 'play':
      return parsePlay(text, rest);
    case 'use':
      return parseUse(text, rest);
  }
}

function parsePlay(text: string, words: readonly string[]): Result<Move> {
  const [first, ...args] = words;
  if (first === undefined) return bad(text, 'which card?', 'quelle carte ?');
  const card = kindFromText(first);
  if (card === null) return bad(text, `unknown card "${first}"`, `carte inconnue « ${first} »`);
  if (args.length === 0) return ok({ type: 'play', card });
  if (card !== 'merlin' && card !== 'apprenti')
    return bad(text, `${card} takes no declaration`, `${card} ne se déclare pas`);
  const d = suitValueFromText(args.join(''));
  if (d === null)
    return bad(
      text,
      'expected a declared suit and value, e.g. "so11"',
      'suite et valeur déclarées attendues, ex. « so11 »',
    );
  return ok({ type: 'play', card, declare: d });
}

function parseUse(text: string, words: readonly string[]): Result<Move> {
  const [first, ...args] = words;
  if (first === undefined) return bad(text, 'which power?', 'quel pouvoir ?');
  const power = slug(first);
  if (!POWER_BY_ID.has(power)) return bad(text, `unknown power "${first}"`, `pouvoir inconnu « ${first} »`);
  const move: { type: 'use'; power: string; target?: number; suit?: Suit; by?: number } = { type: 'use', power };
  for (const w of args) {
    const suit = suitFromText(w);
    if (w.startsWith('@') && move.target === undefined) {
      const n = Number(w.slice(1));
      if (w.length < 2 || !Number.isInteger(n) || n < 0) return bad(text, `bad seat "${w}"`, `siège invalide « ${w} »`);
      move.target = n;
    } else if (/^[+-]\d+$/.test(w) && move.by === undefined) {
      move.by = Number(w);
    } else if (suit !== null && move.suit === undefined) {
      move.suit = suit;
    } else {
      return bad(text, `unexpected "${w}"`, `« ${w} » inattendu`);
    }
  }
  return ok(move);
}
