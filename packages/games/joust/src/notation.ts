/** Move notation (see NOTATION.md): readable, stable, case-insensitive, French aliases accepted. */
import { err, ok, type GameError, type Result } from '@roundtable/core';
import { KINDS, KIND_ALIASES, KIND_BY_ID, colourFromText, slug } from './cards.ts';
import type { Item, Move, PlayMove } from './types.ts';

function item(i: Item): string {
  return typeof i === 'number' ? String(i + 1) : i;
}

export function formatMove(move: Move): string {
  switch (move.type) {
    case 'start':
      return `start ${move.colour}`;
    case 'token':
      return `token ${move.colour}`;
    case 'keep':
      return `keep ${move.positions.map((p) => p + 1).join(' ')}`;
    case 'play':
      return formatPlay(move);
    default:
      return move.type;
  }
}

function formatPlay(m: PlayMove): string {
  const parts = ['play', m.card];
  if (m.card === 'finesse' && m.mine !== undefined && m.theirs !== undefined && m.target !== undefined) {
    parts.push(item(m.mine), `@${m.target}`, item(m.theirs));
    return parts.join(' ');
  }
  if (m.colour !== undefined) parts.push(m.colour);
  if (m.target !== undefined) parts.push(`@${m.target}`);
  if (m.pos !== undefined) parts.push(String(m.pos + 1));
  return parts.join(' ');
}

const VERBS: Readonly<Record<string, Move['type']>> = {
  start: 'start',
  commencer: 'start',
  debuter: 'start',
  couleur: 'start',
  colour: 'start',
  color: 'start',
  show: 'show',
  montrer: 'show',
  play: 'play',
  jouer: 'play',
  joue: 'play',
  end: 'end',
  fin: 'end',
  finir: 'end',
  withdraw: 'withdraw',
  abandon: 'withdraw',
  abandonner: 'withdraw',
  pass: 'pass',
  passe: 'pass',
  passer: 'pass',
  lancelot: 'lancelot',
  ivanhoe: 'lancelot',
  keep: 'keep',
  garder: 'keep',
  garde: 'keep',
  token: 'token',
  jeton: 'token',
};

function bad(text: string, reason: string, reasonFr: string): { ok: false; error: GameError } {
  return err({ code: 'BAD_NOTATION', text, reason, reasonFr });
}

function parseItem(word: string): Item | null {
  const w = slug(word);
  if (w === 'bouclier' || w === 'shield') return 'bouclier';
  if (w === 'assomme' || w === 'stunned') return 'assomme';
  const n = Number(w);
  return Number.isInteger(n) && n >= 1 ? n - 1 : null;
}

function parseSeat(word: string): number | null {
  if (!word.startsWith('@')) return null;
  const n = Number(word.slice(1));
  return word.length > 1 && Number.isInteger(n) && n >= 0 ? n : null;
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
    // `red-4` alone is read as `play red-4`.
    if (KIND_ALIASES.has(slug(head))) return parseMove(`play ${text}`);
    return bad(text, `unknown word "${head}"`, `mot inconnu « ${head} »`);
  }
  const noArgs = (m: Move): Result<Move> =>
    rest.length === 0 ? ok(m) : bad(text, `"${head}" takes no argument`, `« ${head} » ne prend pas d'argument`);
  switch (verb) {
    case 'show':
    case 'end':
    case 'withdraw':
    case 'pass':
    case 'lancelot':
      return noArgs({ type: verb } as Move);
    case 'start':
    case 'token': {
      const colour = rest.length === 1 ? colourFromText(rest[0]!) : null;
      return colour
        ? ok({ type: verb, colour })
        : bad(
            text,
            'expected one colour (purple, red, blue, yellow, green)',
            'une couleur attendue (violet, rouge, bleu, jaune, vert)',
          );
    }
    case 'keep': {
      const positions = rest.map((w) => Number(w) - 1);
      if (positions.length === 0 || positions.some((p) => !Number.isInteger(p) || p < 0)) {
        return bad(text, 'expected display positions from 1', 'positions attendues, à partir de 1');
      }
      return ok({ type: 'keep', positions: [...positions].sort((a, b) => a - b) });
    }
    case 'play':
      return parsePlay(text, rest);
  }
}

function parsePlay(text: string, words: readonly string[]): Result<Move> {
  const [first, ...args] = words;
  if (first === undefined) return bad(text, 'which card?', 'quelle carte ?');
  const card = KIND_ALIASES.get(slug(first));
  if (card === undefined || !KIND_BY_ID.has(card))
    return bad(text, `unknown card "${first}"`, `carte inconnue « ${first} »`);
  const kind = KINDS[KIND_BY_ID.get(card)!]!;
  const effect = kind.effect;
  const extra = (): Result<Move> => bad(text, `unexpected arguments for ${card}`, `arguments inattendus pour ${card}`);
  const move: { -readonly [K in keyof PlayMove]: PlayMove[K] } = { type: 'play', card };
  if (effect === 'finesse') {
    const [a, s, b, ...more] = args;
    const mine = a === undefined ? null : parseItem(a);
    const target = s === undefined ? null : parseSeat(s);
    const theirs = b === undefined ? null : parseItem(b);
    if (mine === null || target === null || theirs === null || more.length > 0) {
      return bad(
        text,
        'expected "play finesse <your card> @<seat> <their card>"',
        'attendu « play finesse <votre carte> @<siège> <sa carte> »',
      );
    }
    return ok({ ...move, mine, target, theirs });
  }
  for (const w of args) {
    const seat = parseSeat(w);
    const colour = colourFromText(w);
    const n = Number(w);
    if (seat !== null && move.target === undefined) move.target = seat;
    else if (colour !== null && move.colour === undefined) move.colour = colour;
    else if (Number.isInteger(n) && n >= 1 && move.pos === undefined) move.pos = n - 1;
    else return extra();
  }
  const wants = {
    colour: effect === 'desarconne' || effect === 'changement-arme',
    target:
      effect === 'lance-brisee' ||
      effect === 'riposte' ||
      effect === 'esquive' ||
      effect === 'chute' ||
      effect === 'assomme',
    pos: effect === 'esquive' || effect === 'retraite',
  };
  if (
    (move.colour !== undefined && !wants.colour) ||
    (move.target !== undefined && !wants.target) ||
    (move.pos !== undefined && !wants.pos)
  )
    return extra();
  if (wants.colour && move.colour === undefined)
    return bad(text, `${card} needs a colour`, `${card} demande une couleur`);
  if (wants.target && move.target === undefined)
    return bad(text, `${card} needs a target seat (@n)`, `${card} demande un siège visé (@n)`);
  if (wants.pos && move.pos === undefined)
    return bad(text, `${card} needs a display position`, `${card} demande une position sur le personnage`);
  return ok(move);
}
