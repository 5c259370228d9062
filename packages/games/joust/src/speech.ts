/**
 * The jousting game in words for a screen reader (core speech.ts): cards named by colour and value, or by kind
 * ("red 3", "Maiden, support 6", "Riposte (action)"), and the queries that tell a seat its hand, the displays, the
 * tournament and the tokens. Built from the seat's view only: a hand is never named to anyone but its owner, and
 * `name` answers null for a card this view does not show (seed 000: hands are secret, Chute's card is unseen).
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
import { COLOUR_NAMES, COLOURS, KINDS, KIND_BY_ID, type Colour } from './cards.ts';
import type { JoustView } from './view.ts';

const commands: readonly SpeechCommand[] = [
  {
    id: 'tournament',
    words: { en: ['tournament', 'status'], fr: ['tournoi', 'état'] },
    help: {
      en: 'the colour, who leads, who withdrew, who acts',
      fr: 'la couleur, qui mène, qui s’est retiré, qui agit',
    },
    overview: true,
  },
  {
    id: 'displays',
    words: { en: ['displays', 'display', 'in front'], fr: ['personnages', 'personnage', 'devant'] },
    help: {
      en: 'the cards in front of each player, and their totals',
      fr: 'les cartes devant chaque joueur, et leurs totaux',
    },
    overview: true,
  },
  {
    id: 'hand',
    words: { en: ['hand', 'my hand'], fr: ['main', 'ma main'] },
    help: {
      en: 'your cards, numbered as "play <number>" reads them',
      fr: 'vos cartes, numérotées comme les lit «\u00a0jouer <numéro>\u00a0»',
    },
    overview: true,
  },
  {
    id: 'tokens',
    words: { en: ['tokens', 'scores', 'score'], fr: ['jetons', 'scores', 'score'] },
    help: { en: "each player's tokens and what wins", fr: 'les jetons de chaque joueur et ce qui fait gagner' },
    overview: true,
  },
  {
    id: 'deck',
    words: { en: ['deck', 'discard'], fr: ['pioche', 'défausse'] },
    help: { en: 'cards left in the deck, the discard pile', fr: 'cartes restant dans la pioche, la défausse' },
  },
];

const kindOf = (id: string) => KINDS[KIND_BY_ID.get(id.includes('.') ? id.slice(0, id.lastIndexOf('.')) : id) ?? -1];

/** A card kind in words, colour and value named, never a colour alone: "red 3", "Maiden, support 6". */
export function spokenCard(id: string, lang: Lang): string {
  const k = kindOf(id);
  if (!k) return id;
  if (k.type === 'colour' && k.colour) return `${COLOUR_NAMES[k.colour][lang]} ${k.value}`;
  if (k.type === 'support') {
    const name = lang === 'fr' ? k.fr.replace(/ \d+$/, '') : k.en.replace(/ \d+$/, '');
    return `${name}, ${lang === 'fr' ? 'soutien' : 'support'} ${k.value}`;
  }
  return `${k[lang]} (action)`;
}

/** Every card id the view shows, with where: the seat's hand, displays, discard, a shown hand, a card in play. */
function visible(v: JoustView): Set<string> {
  const out = new Set<string>();
  for (const id of v.me?.hand ?? []) out.add(id);
  for (const s of v.seats) for (const id of s.display) out.add(id);
  for (const id of v.discard) out.add(id);
  for (const id of v.revealed?.cards ?? []) out.add(id);
  if (v.phase.kind === 'response') out.add(v.phase.card);
  if (v.me?.knock) out.add(v.me.knock.card);
  return out;
}

function seatId(id: string): Seat | null {
  const m = /^seat:(\d+)$/.exec(id);
  return m ? Number(m[1]) : null;
}

type Namer = (seat: Seat) => string;

function colourWord(c: Colour | null, lang: Lang): string {
  return c ? COLOUR_NAMES[c][lang] : lang === 'fr' ? 'pas encore de couleur' : 'no colour yet';
}

/** One seat in a sentence: its display, total, shield or stun, withdrawn, tokens. */
function seatWords(v: JoustView, seat: Seat, lang: Lang, name: Namer): string {
  const s = v.seats[seat]!;
  const en = lang === 'en';
  const cards = s.display.map((id) => spokenCard(id, lang));
  const parts = [
    cards.length === 0 ? (en ? 'nothing in front' : 'rien devant soi') : cards.join(en ? '; ' : '\u00a0; '),
    `total ${s.total}`,
  ];
  if (s.shield) parts.push(en ? 'shielded' : 'protégé par le Bouclier');
  if (s.stunned) parts.push(en ? 'stunned' : 'assommé');
  if (!s.inTournament) parts.push(en ? 'withdrawn' : 'retiré');
  parts.push(
    countText(s.handSize, en ? 'card in hand' : 'carte en main', en ? 'cards in hand' : 'cartes en main', lang),
  );
  const me = v.me?.seat === seat ? (en ? ' (you)' : ' (vous)') : '';
  return `${name(seat)}${me}${en ? ':' : '\u00a0:'} ${parts.join(', ')}.`;
}

function actorWords(v: JoustView, lang: Lang, name: Namer): string {
  const en = lang === 'en';
  const p = v.phase;
  const who = listText(v.toMove.map(name), lang);
  switch (p.kind) {
    case 'start':
      return en ? `${name(v.active)} must name the colour.` : `${name(v.active)} doit nommer la couleur.`;
    case 'turn':
      return en
        ? `${name(v.active)} to play (${countText(v.played, 'card', 'cards', 'en')} played this turn).`
        : `Au tour de ${name(v.active)} (${countText(v.played, 'carte jouée', 'cartes jouées', 'fr')} ce tour).`;
    case 'response':
      return en
        ? `${name(p.seat)} played ${spokenCard(p.card, lang)}; waiting for ${who} to answer.`
        : `${name(p.seat)} a joué ${spokenCard(p.card, lang)}\u00a0; on attend la réponse de ${who}.`;
    case 'over':
      return en ? `${name(p.winner)} has won.` : `${name(p.winner)} a gagné.`;
    default:
      return en ? `Waiting for ${who}.` : `On attend ${who}.`;
  }
}

function answer(v: JoustView, id: string, input: SpeechInput): SpeechAnswer {
  const { lang } = input;
  const en = lang === 'en';
  const name: Namer = input.name ?? ((s) => (en ? `Knight ${s}` : `Chevalier ${s}`));
  const seats = v.seats.map((_, i) => i);
  switch (id) {
    case 'hand': {
      if (!v.me)
        return {
          text: en ? 'You are watching: you hold no cards.' : 'Vous regardez la partie\u00a0: vous n’avez pas de main.',
          error: true,
        };
      const hand = v.me.hand;
      if (hand.length === 0) return { text: en ? 'Your hand is empty.' : 'Votre main est vide.', refs: [] };
      const items = hand.map((c, i) => `${i + 1}, ${spokenCard(c, lang)}`);
      return {
        text: `${en ? 'Your hand' : 'Votre main'}, ${countText(hand.length, en ? 'card' : 'carte', en ? 'cards' : 'cartes', lang)}${en ? ':' : '\u00a0:'} ${items.join(en ? '; ' : '\u00a0; ')}.`,
        refs: [...hand],
      };
    }
    case 'displays':
      return {
        text: seats.map((s) => seatWords(v, s, lang, name)).join(' '),
        refs: v.seats.flatMap((s) => s.display),
      };
    case 'tournament': {
      const active = seats.filter((s) => v.seats[s]!.inTournament);
      const out = seats.filter((s) => !v.seats[s]!.inTournament);
      const best = Math.max(...active.map((s) => v.seats[s]!.total), 0);
      const leaders = active.filter((s) => v.seats[s]!.total === best);
      const parts = [
        en
          ? `Tournament ${v.tournament}, ${colourWord(v.colour, lang)}.`
          : `Tournoi ${v.tournament}, ${colourWord(v.colour, lang)}.`,
      ];
      if (v.colour && leaders.length > 0 && best > 0)
        parts.push(
          en
            ? `${listText(leaders.map(name), lang)} ${leaders.length > 1 ? 'lead' : 'leads'} with ${best}.`
            : `${listText(leaders.map(name), lang)} ${leaders.length > 1 ? 'mènent' : 'mène'} avec ${best}.`,
        );
      if (out.length > 0)
        parts.push(
          en ? `Withdrawn: ${listText(out.map(name), lang)}.` : `Retirés\u00a0: ${listText(out.map(name), lang)}.`,
        );
      parts.push(actorWords(v, lang, name));
      return { text: parts.join(' ') };
    }
    case 'tokens': {
      const each = seats.map((s) => {
        const t = v.seats[s]!.tokens;
        const words =
          t.length === 0
            ? en
              ? 'none'
              : 'aucun'
            : listText(
                t.map((c) => COLOUR_NAMES[c][lang]),
                lang,
              );
        return `${name(s)}${en ? ':' : '\u00a0:'} ${words}`;
      });
      const colours = COLOURS.map((c) => COLOUR_NAMES[c][lang]);
      return {
        text: en
          ? `Tokens. ${each.join('; ')}. A player wins with tokens of ${v.tokensToWin} different colours (${listText(colours, lang)}).`
          : `Jetons. ${each.join('\u00a0; ')}. On gagne avec des jetons de ${v.tokensToWin} couleurs différentes (${listText(colours, lang)}).`,
      };
    }
    default: {
      // deck
      const top = v.discard[v.discard.length - 1];
      const last = top
        ? en
          ? ` The last card discarded is ${spokenCard(top, lang)}.`
          : ` La dernière carte défaussée est ${spokenCard(top, lang)}.`
        : '';
      return {
        text: en
          ? `${countText(v.deckSize, 'card', 'cards', 'en')} in the deck, ${countText(v.discard.length, 'card', 'cards', 'en')} in the discard pile.${last}`
          : `${countText(v.deckSize, 'carte', 'cartes', 'fr')} dans la pioche, ${countText(v.discard.length, 'carte', 'cartes', 'fr')} dans la défausse.${last}`,
        ...(top ? { refs: [top] } : {}),
      };
    }
  }
}

export const joustSpeech: GameSpeech<JoustView> = {
  commands,

  name(view, id, lang) {
    const seat = seatId(id);
    if (seat !== null)
      return seat < view.seats.length
        ? seatWords(view, seat, lang, (s) => (lang === 'fr' ? `Chevalier ${s}` : `Knight ${s}`)).replace(/\.$/, '')
        : null;
    return visible(view).has(id) ? spokenCard(id, lang) : null;
  },

  things(view) {
    return [...visible(view), ...view.seats.map((_, i) => `seat:${i}`)];
  },

  ask(view, text, input) {
    const parsed = parseQuery(commands, text);
    return parsed ? answer(view, parsed.command.id, input) : null;
  },
};
