/**
 * Le Tournoi de Camelot in words for a screen reader (core speech.ts): weapon cards named by value and suit
 * ("11 of Swords, poisoned", "Alchemy 3", "Merlin"), heroes, legends and godsends by name, and the queries that
 * tell a seat its hand, the combat on the table, the wound piles, life and powers. Built from the seat's view
 * only (seed 001: hands are secret): `name` answers null for a card this view does not show.
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
import { CARD_BY_ID, KIND, POISONED, SUIT, SUIT_NAMES, VALUE, type Suit } from './cards.ts';
import { POWER_BY_ID, effectText } from './powers.ts';
import type { PlayView, TournamentView } from './view.ts';

const commands: readonly SpeechCommand[] = [
  {
    id: 'hand',
    words: { en: ['hand', 'my hand'], fr: ['main', 'ma main'] },
    help: { en: 'your cards, with the id to play each', fr: 'vos cartes, avec l’id pour jouer chacune' },
    overview: true,
  },
  {
    id: 'combat',
    words: { en: ['combat', 'trick'], fr: ['combat', 'pli'] },
    help: {
      en: 'the cards played in this combat, the suit led, who plays next',
      fr: 'les cartes jouées dans ce combat, la couleur demandée, qui joue ensuite',
    },
    overview: true,
  },
  {
    id: 'previous',
    words: { en: ['previous', 'last combat'], fr: ['précédent', 'dernier combat'] },
    help: { en: 'the last combat and who lost it', fr: 'le dernier combat et qui l’a perdu' },
  },
  {
    id: 'wounds',
    words: { en: ['wounds', 'piles'], fr: ['blessures', 'piles'] },
    help: { en: "each knight's wound pile this round", fr: 'la pile de blessures de chaque chevalier cette manche' },
  },
  {
    id: 'life',
    words: { en: ['life', 'scores', 'score'], fr: ['vie', 'scores', 'score'] },
    help: { en: "each knight's life, and the round", fr: 'la vie de chaque chevalier, et la manche' },
    overview: true,
  },
  {
    id: 'knights',
    words: { en: ['players', 'heroes'], fr: ['joueurs', 'héros en jeu'] },
    help: {
      en: "each knight's hero, legend and godsends",
      fr: 'le héros, la légende et les faveurs divines de chaque chevalier',
    },
  },
  {
    id: 'deck',
    words: { en: ['deck', 'remaining'], fr: ['paquet', 'reste'] },
    help: {
      en: 'cards left in the deck, the discard, godsends and divine will',
      fr: 'cartes restant au paquet, la défausse, faveurs et volonté divine',
    },
  },
];

const colon = (lang: Lang) => (lang === 'fr' ? '\u00a0:' : ':');
const semi = (lang: Lang) => (lang === 'fr' ? '\u00a0; ' : '; ');

function suitValue(suit: Suit, value: number, lang: Lang): string {
  if (lang === 'en') return `${value} of ${SUIT_NAMES[suit].en}`;
  const name = SUIT_NAMES[suit].fr;
  return `${value} ${/^[AEIOUÉ]/.test(name) ? 'd’' : 'de '}${name}`;
}

/** A weapon card in words: "11 of Swords, poisoned", "Alchemy 3", "Merlin", "Apprentice". */
export function spokenWeapon(id: string, lang: Lang): string | null {
  const c = CARD_BY_ID.get(id);
  if (c === undefined) return null;
  switch (KIND[c]!) {
    case 'basic':
      return `${suitValue(SUIT[c]!, VALUE[c]!, lang)}${POISONED[c] ? (lang === 'fr' ? ' (empoisonné)' : ' (poisoned)') : ''}`;
    case 'alchemy':
      return `${lang === 'fr' ? 'Alchimie' : 'Alchemy'} ${VALUE[c]}`;
    case 'merlin':
      return 'Merlin';
    default:
      return lang === 'fr' ? 'Apprenti' : 'Apprentice';
  }
}

function powerWords(id: string, lang: Lang): string | null {
  const p = POWER_BY_ID.get(id);
  if (!p) return null;
  const kind = {
    hero: { en: 'hero', fr: 'héros' },
    legend: { en: 'legend', fr: 'légende' },
    godsend: { en: 'godsend', fr: 'faveur divine' },
  }[p.type][lang];
  return `${p[lang]} (${kind})${colon(lang)} ${effectText(p.effect, lang)}`;
}

/** A card as played: "Merlin as 7 of Swords", "9 of Arrows raised by 3". */
function playWords(p: PlayView, lang: Lang): string {
  const c = CARD_BY_ID.get(p.card);
  const base = spokenWeapon(p.card, lang) ?? p.card;
  const joker = c !== undefined && (KIND[c] === 'merlin' || KIND[c] === 'apprenti' || KIND[c] === 'alchemy');
  const as =
    joker && p.suit !== null
      ? lang === 'fr'
        ? ` comme ${suitValue(p.suit, p.value, lang)}`
        : ` as ${suitValue(p.suit, p.value, lang)}`
      : joker
        ? lang === 'fr'
          ? ` valant ${p.value}, sans couleur`
          : ` worth ${p.value}, no suit`
        : '';
  const adjust = p.adjust !== 0 ? (lang === 'fr' ? `, ajusté à ${p.value}` : `, adjusted to ${p.value}`) : '';
  return `${base}${as}${adjust}`;
}

/** Every id the view shows: cards in sight (my hand, the table, piles, discard, hands seen) and powers. */
function visible(v: TournamentView): Set<string> {
  const out = new Set<string>();
  const add = (ids: readonly string[]) => ids.forEach((id) => out.add(id));
  add(v.me?.hand ?? []);
  for (const seen of v.me?.seen ?? []) add(seen.cards);
  for (const s of v.seats) {
    add(s.pile);
    add(s.shown);
    add(s.godsends.map((g) => g.id));
    if (s.hero) out.add(s.hero);
    if (s.legend) out.add(s.legend);
  }
  add(v.combat.plays.map((p) => p.card));
  add(v.combat.out.map((o) => o.card));
  add(v.combat.pot);
  add(v.lastCombat?.cards ?? []);
  add(v.discard);
  add(v.godsendDiscard);
  if (v.phase.kind === 'godsend') add(v.phase.faceUp);
  if (v.phase.kind === 'hero') add(v.phase.free);
  return out;
}

type Namer = (seat: Seat) => string;

function answer(v: TournamentView, id: string, input: SpeechInput): SpeechAnswer {
  const { lang } = input;
  const en = lang === 'en';
  const name: Namer = input.name ?? ((s) => (en ? `Knight ${s}` : `Chevalier ${s}`));
  const seats = v.seats.map((_, i) => i);
  const card = (c: string) => spokenWeapon(c, lang) ?? c;
  switch (id) {
    case 'hand': {
      if (!v.me)
        return {
          text: en ? 'You are watching: you hold no cards.' : 'Vous regardez la partie\u00a0: vous n’avez pas de main.',
          error: true,
        };
      const hand = v.me.hand;
      if (hand.length === 0) return { text: en ? 'Your hand is empty.' : 'Votre main est vide.', refs: [] };
      const items = hand.map((c) => `${card(c)}, ${c.replace(/\.\d+$/, '')}`);
      return {
        text: `${en ? 'Your hand' : 'Votre main'}, ${countText(hand.length, en ? 'card' : 'carte', en ? 'cards' : 'cartes', lang)}${colon(lang)} ${items.join(semi(lang))}.`,
        refs: [...hand],
      };
    }
    case 'combat': {
      const { plays, out, pot, leader, number } = v.combat;
      const head = en ? `Combat ${number} of round ${v.round}.` : `Combat ${number} de la manche ${v.round}.`;
      const parts = [head];
      const led = plays[0];
      if (!led) parts.push(en ? `${name(leader)} leads.` : `${name(leader)} mène.`);
      else {
        if (led.suit)
          parts.push(
            en ? `Suit led: ${SUIT_NAMES[led.suit].en}.` : `Couleur demandée\u00a0: ${SUIT_NAMES[led.suit].fr}.`,
          );
        parts.push(`${plays.map((p) => `${name(p.seat)}${colon(lang)} ${playWords(p, lang)}`).join(semi(lang))}.`);
      }
      if (out.length > 0)
        parts.push(
          en
            ? `Out, dishonoured: ${out.map((o) => `${name(o.seat)} (discarded ${card(o.card)})`).join(', ')}.`
            : `Hors combat, déshonorés\u00a0: ${out.map((o) => `${name(o.seat)} (a défaussé ${card(o.card)})`).join(', ')}.`,
        );
      if (pot.length > 0)
        parts.push(
          en
            ? `Waiting in the middle from a drawn combat: ${listText(pot.map(card), lang)}.`
            : `En attente au milieu depuis un combat nul\u00a0: ${listText(pot.map(card), lang)}.`,
        );
      if (v.phase.kind === 'combat')
        parts.push(en ? `${name(v.phase.turn)} to play.` : `Au tour de ${name(v.phase.turn)}.`);
      return { text: parts.join(' '), refs: [...plays.map((p) => p.card), ...out.map((o) => o.card), ...pot] };
    }
    case 'previous': {
      const lc = v.lastCombat;
      if (!lc) return { text: en ? 'No combat has been played yet.' : 'Aucun combat n’a encore été joué.' };
      const plays = lc.plays.map((p) => `${name(p.seat)}${colon(lang)} ${playWords(p, lang)}`).join(semi(lang));
      const loser =
        lc.loser === null
          ? en
            ? 'Every card was feinted: nobody lost.'
            : 'Toutes les cartes ont été feintées\u00a0: personne n’a perdu.'
          : en
            ? `${name(lc.loser)} lost and took ${countText(lc.cards.length, 'card', 'cards', 'en')}.`
            : `${name(lc.loser)} a perdu et pris ${countText(lc.cards.length, 'carte', 'cartes', 'fr')}.`;
      const feint =
        lc.feinted.length > 0
          ? en
            ? ` Feinted: ${listText(lc.feinted.map(card), lang)}.`
            : ` Feintées\u00a0: ${listText(lc.feinted.map(card), lang)}.`
          : '';
      return {
        text: `${en ? `Combat ${lc.number} of round ${lc.round}` : `Combat ${lc.number} de la manche ${lc.round}`}${colon(lang)} ${plays}.${feint} ${loser}`,
        refs: [...lc.cards],
      };
    }
    case 'wounds': {
      const each = seats.map((s) => {
        const sv = v.seats[s]!;
        const dis = sv.dishonour > 0 ? (en ? `, dishonour ${sv.dishonour}` : `, déshonneur ${sv.dishonour}`) : '';
        const total = `${name(s)}${colon(lang)} ${sv.pileWounds} ${en ? 'wounds' : 'blessures'}${dis}`;
        return sv.pile.length === 0
          ? `${total}.`
          : `${total}, ${en ? 'from' : 'de'} ${listText(sv.pile.map(card), lang)}.`;
      });
      return {
        text: `${en ? 'Wound piles this round.' : 'Piles de blessures de la manche.'} ${each.join(' ')}`,
        refs: v.seats.flatMap((s) => s.pile),
      };
    }
    case 'life': {
      const each = seats.map((s) => `${name(s)} ${v.seats[s]!.life}`);
      return {
        text: en
          ? `Life: ${each.join(', ')}. Round ${v.round}; the game ends when a knight reaches 0.`
          : `Vie\u00a0: ${each.join(', ')}. Manche ${v.round}\u00a0; la partie s’arrête quand un chevalier tombe à 0.`,
      };
    }
    case 'knights': {
      const each = seats.map((s) => {
        const sv = v.seats[s]!;
        if (!sv.hero) return `${name(s)}${colon(lang)} ${en ? 'no hero yet' : 'pas encore de héros'}`;
        const hero = POWER_BY_ID.get(sv.hero)?.[lang] ?? sv.hero;
        const legend = sv.legend ? (POWER_BY_ID.get(sv.legend)?.[lang] ?? sv.legend) : null;
        const state = sv.legendActive ? 'active' : en ? 'asleep' : 'endormie';
        const gifts = sv.godsends.map((g) => `${POWER_BY_ID.get(g.id)?.[lang] ?? g.id} (${g.uses})`);
        return `${name(s)}${colon(lang)} ${hero}${legend ? `, ${en ? 'legend' : 'légende'} ${legend} ${state}` : ''}${
          gifts.length > 0 ? `, ${en ? 'godsends' : 'faveurs'} ${listText(gifts, lang)}` : ''
        }`;
      });
      return { text: `${each.join(semi(lang))}.` };
    }
    default: {
      // deck
      return {
        text: en
          ? `${countText(v.deckSize, 'card', 'cards', 'en')} in the deck, ${countText(v.discard.length, 'card', 'cards', 'en')} discarded, ${countText(v.godsendDeckSize, 'godsend', 'godsends', 'en')} left, ${v.divineWill} divine will ${v.divineWill === 1 ? 'token' : 'tokens'}.`
          : `${countText(v.deckSize, 'carte', 'cartes', 'fr')} au paquet, ${countText(v.discard.length, 'carte défaussée', 'cartes défaussées', 'fr')}, ${countText(v.godsendDeckSize, 'faveur restante', 'faveurs restantes', 'fr')}, ${countText(v.divineWill, 'jeton', 'jetons', 'fr')} de volonté divine.`,
      };
    }
  }
}

export const tournamentSpeech: GameSpeech<TournamentView> = {
  commands,

  name(view, id, lang) {
    const seat = /^seat:(\d+)$/.exec(id);
    if (seat) {
      const s = Number(seat[1]);
      const sv = view.seats[s];
      if (!sv) return null;
      const who = lang === 'fr' ? `Chevalier ${s}` : `Knight ${s}`;
      const hero = sv.hero ? `, ${POWER_BY_ID.get(sv.hero)?.[lang] ?? sv.hero}` : '';
      return lang === 'fr'
        ? `${who}${hero}, ${sv.life} points de vie, ${countText(sv.handSize, 'carte', 'cartes', 'fr')} en main`
        : `${who}${hero}, ${sv.life} life, ${countText(sv.handSize, 'card', 'cards', 'en')} in hand`;
    }
    if (!visible(view).has(id)) return null;
    return spokenWeapon(id, lang) ?? powerWords(id, lang);
  },

  things(view) {
    return [...visible(view), ...view.seats.map((_, i) => `seat:${i}`)];
  },

  ask(view, text, input) {
    const parsed = parseQuery(commands, text);
    return parsed ? answer(view, parsed.command.id, input) : null;
  },
};
