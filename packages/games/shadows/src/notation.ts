/** Move notation (see NOTATION.md): readable, stable, case-insensitive, French words accepted. */
import { err, ok, type GameError, type Result } from '@roundtable/core';
import {
  DECLARATIONS,
  KIND_ALIASES,
  KIND_BY_ID,
  LOCATION_ALIASES,
  QUESTS,
  slug,
  type Declaration,
  type QuestId,
} from './cards.ts';
import type { Move, PlaySpecial } from './types.ts';

const byCatalogue = (a: string, b: string): number => (KIND_BY_ID.get(a) ?? 0) - (KIND_BY_ID.get(b) ?? 0);

export function formatMove(m: Move): string {
  switch (m.type) {
    case 'lay':
    case 'keep':
    case 'fight':
    case 'push':
    case 'heal':
    case 'return':
    case 'kay':
      return `${m.type} ${m.card}`;
    case 'propose':
      return `propose ${m.from.join(' ')}`;
    case 'evil':
      return `evil ${m.choice}`;
    case 'place':
      return `place ${m.face}`;
    case 'war':
      return `war ${m.war}`;
    case 'merlin':
      return m.count === 1 ? 'merlin' : `merlin ${m.count}`;
    case 'discard':
    case 'siege':
      return `${m.type} ${m.cards.join(' ')}`;
    case 'move':
      return `move ${m.to}`;
    case 'accuse':
    case 'target':
      return `${m.type} @${m.target}`;
    case 'play':
      return formatPlay(m);
    case 'give':
      return `give ${m.card} @${m.target}`;
    case 'order':
      return `order ${m.order.join(' ')}`;
    case 'declare':
      return m.quest ? `declare ${m.what} ${m.quest}` : `declare ${m.what}`;
    default:
      return m.type;
  }
}

function formatPlay(m: PlaySpecial): string {
  const parts = ['play', m.card];
  if (m.arg !== undefined) parts.push(m.arg);
  if (m.target !== undefined) parts.push(`@${m.target}`);
  if (m.cards) parts.push(...m.cards);
  return parts.join(' ');
}

const VERBS: Readonly<Record<string, Move['type']>> = {
  lay: 'lay',
  poser: 'lay',
  pose: 'lay',
  propose: 'propose',
  proposer: 'propose',
  proposition: 'propose',
  accept: 'accept',
  accepter: 'accept',
  oui: 'accept',
  yes: 'accept',
  refuse: 'refuse',
  refuser: 'refuse',
  non: 'refuse',
  no: 'refuse',
  evil: 'evil',
  mal: 'evil',
  keep: 'keep',
  garder: 'keep',
  place: 'place',
  placer: 'place',
  war: 'war',
  guerre: 'war',
  pass: 'pass',
  passer: 'pass',
  passe: 'pass',
  merlin: 'merlin',
  volunteer: 'volunteer',
  volontaire: 'volunteer',
  discard: 'discard',
  defausser: 'discard',
  defausse: 'discard',
  move: 'move',
  aller: 'move',
  deplacer: 'move',
  go: 'move',
  draw: 'draw',
  piocher: 'draw',
  pioche: 'draw',
  siege: 'siege',
  engin: 'siege',
  lutter: 'siege',
  fight: 'fight',
  combattre: 'fight',
  combat: 'fight',
  push: 'push',
  pousser: 'push',
  grail: 'grail',
  graal: 'grail',
  heal: 'heal',
  soigner: 'heal',
  accuse: 'accuse',
  accuser: 'accuse',
  play: 'play',
  jouer: 'play',
  joue: 'play',
  give: 'give',
  donner: 'give',
  echanger: 'give',
  return: 'return',
  rendre: 'return',
  order: 'order',
  ordre: 'order',
  kay: 'kay',
  keu: 'kay',
  save: 'save',
  sauver: 'save',
  excalibur: 'excalibur',
  annuler: 'excalibur',
  target: 'target',
  cibler: 'target',
  cible: 'target',
  declare: 'declare',
  declarer: 'declare',
  annoncer: 'declare',
  reveal: 'reveal',
  reveler: 'reveal',
  'se-reveler': 'reveal',
  end: 'end',
  fin: 'end',
  finir: 'end',
};

const WORDS: Readonly<Record<string, string>> = {
  noire: 'black',
  carte: 'black',
  engin: 'siege',
  vie: 'life',
  bravoure: 'life',
  visible: 'up',
  'face-up': 'up',
  cachee: 'down',
  'face-cachee': 'down',
  'face-down': 'down',
  moi: 'self',
  soi: 'self',
  autres: 'others',
  fort: 'strong',
  forte: 'strong',
  faible: 'weak',
  aide: 'help',
  aider: 'help',
};
const word = (w: string): string => WORDS[slug(w)] ?? slug(w);

function bad(text: string, reason: string, reasonFr: string): { ok: false; error: GameError } {
  return err({ code: 'BAD_NOTATION', text, reason, reasonFr });
}

function parseSeat(w: string): number | null {
  if (!w.startsWith('@') || w.length < 2) return null;
  const n = Number(w.slice(1));
  return Number.isInteger(n) && n >= 0 ? n : null;
}

const cardOf = (w: string): string | null => KIND_ALIASES.get(slug(w)) ?? null;
const questOf = (w: string): QuestId | null => {
  const loc = LOCATION_ALIASES.get(slug(w));
  return loc && loc !== 'camelot' ? loc : null;
};

export function parseMove(text: string): Result<Move> {
  const words = text
    .trim()
    .split(/[\s,]+/)
    .filter((w) => w.length > 0);
  const [head, ...rest] = words;
  if (head === undefined) return bad(text, 'empty move', 'coup vide');
  // Own keys only: a typed "constructor" or "__proto__" is an unknown word, not Object.prototype's.
  const verb = Object.hasOwn(VERBS, slug(head)) ? VERBS[slug(head)] : undefined;
  if (verb === undefined) return bad(text, `unknown word "${head}"`, `mot inconnu « ${head} »`);
  const none = (m: Move): Result<Move> =>
    rest.length === 0 ? ok(m) : bad(text, `"${head}" takes no argument`, `« ${head} » ne prend pas d'argument`);
  const oneCard = (type: 'lay' | 'keep' | 'fight' | 'push' | 'heal' | 'return' | 'kay'): Result<Move> => {
    const card = rest.length === 1 ? cardOf(rest[0]!) : null;
    return card ? ok({ type, card }) : bad(text, `"${head}" needs one card`, `« ${head} » demande une carte`);
  };
  const cards = (words: readonly string[]): string[] | null => {
    const out: string[] = [];
    for (const w of words) {
      const c = cardOf(w);
      if (!c) return null;
      out.push(c);
    }
    return out.sort(byCatalogue);
  };
  const numbers = (): number[] | null => {
    const ns = rest.map(Number);
    return ns.length > 0 && ns.every((n) => Number.isInteger(n) && n >= 0) ? ns : null;
  };
  switch (verb) {
    case 'accept':
    case 'refuse':
    case 'pass':
    case 'volunteer':
    case 'draw':
    case 'grail':
    case 'save':
    case 'excalibur':
    case 'reveal':
    case 'end':
      return none({ type: verb } as Move);
    case 'lay':
    case 'keep':
    case 'fight':
    case 'push':
    case 'heal':
    case 'return':
    case 'kay':
      return oneCard(verb);
    case 'propose': {
      const from = numbers();
      return from
        ? ok({ type: 'propose', from })
        : bad(text, 'expected one seat number per seat', 'un numéro de siège attendu par siège');
    }
    case 'order': {
      const order = numbers();
      return order
        ? ok({ type: 'order', order })
        : bad(text, 'expected positions from 1', 'positions attendues à partir de 1');
    }
    case 'evil': {
      const c = rest.length === 1 ? word(rest[0]!) : '';
      return c === 'black' || c === 'siege' || c === 'life'
        ? ok({ type: 'evil', choice: c })
        : bad(text, 'expected black, siege or life', 'attendu noire, engin ou vie');
    }
    case 'place': {
      const f = rest.length === 1 ? word(rest[0]!) : '';
      return f === 'up' || f === 'down'
        ? ok({ type: 'place', face: f })
        : bad(text, 'expected up or down', 'attendu visible ou cachee');
    }
    case 'war': {
      const q = rest.length === 1 ? questOf(rest[0]!) : null;
      return q === 'picts' || q === 'saxons'
        ? ok({ type: 'war', war: q })
        : bad(text, 'expected picts or saxons', 'attendu pictes ou saxons');
    }
    case 'merlin': {
      if (rest.length === 0) return ok({ type: 'merlin', count: 1 });
      const n = Number(rest[0]);
      return rest.length === 1 && Number.isInteger(n) && n >= 1 && n <= 3
        ? ok({ type: 'merlin', count: n })
        : bad(text, 'expected a count from 1 to 3', 'un nombre de 1 à 3 attendu');
    }
    case 'discard':
    case 'siege': {
      const list = cards(rest);
      return list && list.length > 0
        ? ok({ type: verb, cards: list })
        : bad(text, `"${head}" needs cards`, `« ${head} » demande des cartes`);
    }
    case 'move': {
      const to = rest.length === 1 ? LOCATION_ALIASES.get(slug(rest[0]!)) : undefined;
      return to
        ? ok({ type: 'move', to })
        : bad(
            text,
            'expected a place: camelot, black-knight, lancelot, excalibur, grail, picts, saxons',
            'un lieu attendu : camelot, chevalier-noir, lancelot, excalibur, graal, pictes, saxons',
          );
    }
    case 'accuse':
    case 'target': {
      const t = rest.length === 1 ? parseSeat(rest[0]!) : null;
      return t !== null
        ? ok({ type: verb, target: t })
        : bad(text, `"${head}" needs a seat (@n)`, `« ${head} » demande un siège (@n)`);
    }
    case 'give': {
      const card = rest.length === 2 ? cardOf(rest[0]!) : null;
      const t = rest.length === 2 ? parseSeat(rest[1]!) : null;
      return card && t !== null
        ? ok({ type: 'give', card, target: t })
        : bad(text, 'expected "give <card> @<seat>"', 'attendu « give <carte> @<siège> »');
    }
    case 'declare': {
      const what = rest.length >= 1 ? word(rest[0]!) : '';
      if (!(DECLARATIONS as readonly string[]).includes(what))
        return bad(text, 'expected strong, weak or help <quest>', 'attendu fort, faible ou aide <quête>');
      if (what === 'help') {
        const q = rest.length === 2 ? questOf(rest[1]!) : null;
        return q
          ? ok({ type: 'declare', what, quest: q })
          : bad(text, `"help" needs a quest (${QUESTS.join(', ')})`, `« aide » demande une quête`);
      }
      return rest.length === 1
        ? ok({ type: 'declare', what: what as Declaration })
        : bad(text, 'too many words', 'trop de mots');
    }
    case 'play':
      return parsePlay(text, rest);
  }
}

function parsePlay(text: string, words: readonly string[]): Result<Move> {
  const [first, ...args] = words;
  const card = first === undefined ? null : cardOf(first);
  if (!card) return bad(text, 'which card?', 'quelle carte ?');
  const m: { -readonly [K in keyof PlaySpecial]: PlaySpecial[K] } = { type: 'play', card };
  const gifts: string[] = [];
  for (const w of args) {
    const seat = parseSeat(w);
    const arg = word(w);
    if (seat !== null && m.target === undefined) m.target = seat;
    else if (card === 'messenger' && cardOf(w)) gifts.push(cardOf(w)!);
    else if (m.arg === undefined && (arg === 'self' || arg === 'others' || arg === 'siege' || questOf(w)))
      m.arg = arg === 'self' || arg === 'others' || arg === 'siege' ? arg : questOf(w)!;
    else return bad(text, `unexpected "${w}"`, `« ${w} » inattendu`);
  }
  if (card === 'messenger') {
    if (m.target === undefined || gifts.length === 0)
      return bad(text, 'expected "play messenger @<seat> <cards>"', 'attendu « play messenger @<siège> <cartes> »');
    m.cards = gifts.sort(byCatalogue);
  }
  return ok(m);
}
