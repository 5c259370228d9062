/**
 * Les Chevaliers de la Table Ronde in words for a screen reader (core speech.ts): cards named with their colour in
 * words ("Fight 3, white card", "Black Knight 5, black card"), quests, knights and relics, and the queries that
 * tell a seat its hand and loyalty, the knights, the quest board, the swords and siege engines, the accusation
 * state. Built from the seat's view only (rules/shadows.md, "Hidden information"): another hand, a face-down
 * black card, a loyalty are never named; `name` answers null for a card this view does not show.
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
import {
  ACCUSE_THRESHOLD,
  BLACK_SWORD_LOSS,
  FIGURES_LOSS,
  GRAIL_SPOTS,
  KINDS,
  KIND_BY_ID,
  KNIGHT_DATA,
  LOCATION_ALIASES,
  LOCATION_NAMES,
  QUESTS,
  QUEST_REWARDS,
  RELICS,
  RELIC_DATA,
  SIEGE_LOSS,
  SWORDS_END,
  kindOfInstance,
  slug,
  type Location,
  type QuestId,
} from './cards.ts';
import { ON } from './narrate.ts';
import type { ShadowsView } from './view.ts';

const commands: readonly SpeechCommand[] = [
  {
    id: 'hand',
    words: { en: ['hand', 'my hand'], fr: ['main', 'ma main'] },
    help: { en: 'your white cards, with the id to play each', fr: 'vos cartes blanches, avec l’id pour jouer chacune' },
    overview: true,
  },
  {
    id: 'loyalty',
    words: { en: ['loyalty', 'role', 'who am i'], fr: ['loyauté', 'rôle', 'qui suis-je'] },
    help: { en: 'your own loyalty, which only you know', fr: 'votre loyauté, que vous seul connaissez' },
  },
  {
    id: 'knights',
    words: { en: ['players'], fr: ['joueurs'] },
    help: {
      en: 'each knight: life, where he stands, cards in hand, relics, declarations',
      fr: 'chaque chevalier\u00a0: vie, où il se trouve, cartes en main, reliques, déclarations',
    },
    overview: true,
  },
  {
    id: 'quests',
    words: { en: ['quests'], fr: ['quêtes'] },
    help: { en: 'every quest in one sentence each', fr: 'chaque quête en une phrase' },
    overview: true,
  },
  {
    id: 'quest',
    words: { en: ['quest'], fr: ['quête'] },
    args: { en: '<quest>', fr: '<quête>' },
    help: {
      en: 'one quest in detail: cards laid, knights there, reward and penalty, e.g. quest grail',
      fr: 'une quête en détail\u00a0: cartes posées, chevaliers présents, gain et défaite, par exemple quête graal',
    },
  },
  {
    id: 'status',
    words: { en: ['status', 'swords', 'score'], fr: ['état', 'épées', 'score'] },
    help: {
      en: 'swords on the Round Table, siege engines, what loses the game',
      fr: 'épées sur la Table Ronde, engins de siège, ce qui fait perdre',
    },
    overview: true,
  },
  {
    id: 'traitor',
    words: { en: ['traitor', 'accusations'], fr: ['traître', 'accusations'] },
    help: {
      en: 'whether a traitor is unmasked, who may still accuse and when',
      fr: 'si un traître est démasqué, qui peut encore accuser et quand',
    },
  },
  {
    id: 'relics',
    words: { en: ['relics'], fr: ['reliques'] },
    help: { en: 'who holds Excalibur, the Grail and the Armor', fr: 'qui détient Excalibur, le Graal et l’Armure' },
  },
  {
    id: 'decks',
    words: { en: ['decks', 'cards left'], fr: ['paquets', 'défausses'] },
    help: { en: 'cards left in each deck and discard pile', fr: 'cartes restant dans chaque paquet et défausse' },
  },
];

const colon = (lang: Lang) => (lang === 'fr' ? '\u00a0:' : ':');
const semi = (lang: Lang) => (lang === 'fr' ? '\u00a0; ' : '; ');

/** A card in words, its colour named: "Fight 3, white card". */
export function spokenShadowsCard(id: string, lang: Lang): string | null {
  const kind = KINDS[KIND_BY_ID.get(kindOfInstance(id)) ?? -1];
  if (!kind) return null;
  const colour =
    kind.colour === 'white'
      ? lang === 'fr'
        ? 'carte blanche'
        : 'white card'
      : lang === 'fr'
        ? 'carte noire'
        : 'black card';
  return `${kind[lang]}, ${colour}`;
}

/** A card's name, followed by the id a move types when the name does not read as one ("Graal, grail"). */
function withId(id: string, lang: Lang): string {
  const kind = KINDS[KIND_BY_ID.get(kindOfInstance(id)) ?? -1];
  if (!kind) return id;
  const typed = slug(kind[lang]);
  return typed === kind.id || kind.aliases.includes(typed) ? kind[lang] : `${kind[lang]}, ${kind.id}`;
}

function cardOnly(id: string, lang: Lang): string {
  return KINDS[KIND_BY_ID.get(kindOfInstance(id)) ?? -1]?.[lang] ?? id;
}

/** Every card id this view shows. */
function visibleCards(v: ShadowsView): Set<string> {
  const out = new Set<string>();
  const add = (ids: readonly (string | null | undefined)[]) => ids.forEach((id) => id && out.add(id));
  const me = v.me;
  if (me) {
    add(me.hand);
    add(me.faceDown.map((f) => f.card));
    add([me.peek, me.drawn, me.answer, ...(me.armor ?? []), ...(me.top ?? [])]);
    if (me.seen) add([me.seen.swap?.gave, me.seen.swap?.got, ...(me.seen.under ?? []), ...(me.seen.top ?? [])]);
  }
  const b = v.board;
  add(b.blackKnight.white);
  add(b.blackKnight.black.map((p) => p.card));
  add(b.lancelot.white);
  add(b.lancelot.black.map((p) => p.card));
  add(b.grail.grails);
  add(b.grail.blacks);
  add(b.picts.white);
  add(b.saxons.white);
  add(v.whiteDiscard);
  add(v.blackDiscard);
  add(v.laid);
  const e = v.effects;
  add([e.mists, e.vivien, e.broceliande, e.mordred?.card, e.heroism?.card]);
  const p = v.phase;
  if ('card' in p && typeof p.card === 'string') add([p.card]);
  if (p.kind === 'evil' && 'excalibur' in p && 'card' in p.excalibur) add([p.excalibur.card]);
  return out;
}

type Namer = (seat: Seat) => string;

/** +2, 0, −2 with a true minus sign, which screen readers say as "minus". */
const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

function knightName(v: ShadowsView, seat: Seat, lang: Lang): string {
  const k = v.knights[seat];
  return k ? KNIGHT_DATA[k.knight][lang] : lang === 'fr' ? `Siège ${seat}` : `Seat ${seat}`;
}

function placeName(place: Location, lang: Lang): string {
  return LOCATION_NAMES[place][lang];
}

/** One quest in a sentence, from the board. */
function questWords(v: ShadowsView, q: QuestId, lang: Lang, name: Namer): string {
  const en = lang === 'en';
  const b = v.board;
  const here = v.knights.flatMap((k, s) => (k.location === q && k.alive ? [name(s)] : []));
  const values = (ids: readonly string[]) =>
    ids.length === 0
      ? en
        ? 'none'
        : 'aucune'
      : listText(
          ids.map((c) => cardOnly(c, lang)),
          lang,
        );
  const black = (placed: readonly { card: string | null }[]) => {
    const down = placed.filter((p) => p.card === null).length;
    const up = placed.flatMap((p) => (p.card ? [cardOnly(p.card, lang)] : []));
    const parts = [...up];
    if (down > 0)
      parts.push(countText(down, en ? 'face down' : 'face cachée', en ? 'face down' : 'faces cachées', lang));
    return parts.length === 0 ? (en ? 'none' : 'aucune') : listText(parts, lang);
  };
  let state: string;
  switch (q) {
    case 'black-knight':
      state = en
        ? `white ${values(b.blackKnight.white)}; black ${black(b.blackKnight.black)}`
        : `blanches ${values(b.blackKnight.white)}\u00a0; noires ${black(b.blackKnight.black)}`;
      break;
    case 'lancelot': {
      const side =
        b.lancelot.side === 'done'
          ? en
            ? 'finished'
            : 'terminée'
          : b.lancelot.side === 'dragon'
            ? en
              ? 'the Dragon'
              : 'le Dragon'
            : 'Lancelot';
      state = en
        ? `${side}; white ${values(b.lancelot.white)}; black ${black(b.lancelot.black)}`
        : `${side}\u00a0; blanches ${values(b.lancelot.white)}\u00a0; noires ${black(b.lancelot.black)}`;
      break;
    }
    case 'excalibur':
      state = b.excalibur.done
        ? en
          ? 'finished'
          : 'terminée'
        : en
          ? `the sword at ${signed(b.excalibur.pos)}, won at +5, lost at −5`
          : `l’épée à ${signed(b.excalibur.pos)}, gagnée à +5, perdue à −5`;
      break;
    case 'grail':
      state = b.grail.done
        ? en
          ? 'finished'
          : 'terminée'
        : en
          ? `${countText(b.grail.grails.length, 'Grail card', 'Grail cards', 'en')} and ${countText(b.grail.blacks.length, 'Despair card', 'Despair cards', 'en')} on ${GRAIL_SPOTS} spots`
          : `${countText(b.grail.grails.length, 'carte Graal', 'cartes Graal', 'fr')} et ${countText(b.grail.blacks.length, 'carte Désespoir', 'cartes Désespoir', 'fr')} sur ${GRAIL_SPOTS} cases`;
      break;
    default: {
      const war = b[q];
      state = en
        ? `${countText(war.figures, 'figure', 'figures', 'en')} of ${FIGURES_LOSS} (lost at ${FIGURES_LOSS}); white ${values(war.white)}`
        : `${countText(war.figures, 'figurine', 'figurines', 'fr')} sur ${FIGURES_LOSS} (perdue à ${FIGURES_LOSS})\u00a0; blanches ${values(war.white)}`;
    }
  }
  const who =
    here.length === 0
      ? ''
      : en
        ? `; there: ${listText(here, lang)}`
        : `\u00a0; présents\u00a0: ${listText(here, lang)}`;
  return `${placeName(q, lang)}${colon(lang)} ${state}${who}.`;
}

function holderWords(v: ShadowsView, relic: (typeof RELICS)[number], lang: Lang, name: Namer): string {
  const h = v.relics[relic];
  const en = lang === 'en';
  const where =
    h === 'quest'
      ? en
        ? 'still to be won'
        : 'encore à gagner'
      : h === 'gone'
        ? en
          ? 'out of the game'
          : 'hors de la partie'
        : en
          ? `held by ${name(h)}`
          : `détenu par ${name(h)}`;
  return `${RELIC_DATA[relic][lang]}, ${where}`;
}

/** One knight in a sentence: life, place, cards, relics, unmasked, declaration. */
function knightWords(v: ShadowsView, s: Seat, lang: Lang, name: Namer): string {
  const en = lang === 'en';
  const k = v.knights[s]!;
  const parts: string[] = [];
  if (!k.alive) parts.push(en ? 'dead' : 'mort');
  else {
    parts.push(en ? `${k.life} life` : countText(k.life, 'point de vie', 'points de vie', 'fr'));
    if (k.location) parts.push(ON[k.location][lang]);
    parts.push(countText(k.handSize, en ? 'card' : 'carte', en ? 'cards' : 'cartes', lang));
  }
  const relics = RELICS.filter((r) => v.relics[r] === s).map((r) => RELIC_DATA[r][lang]);
  if (relics.length > 0) parts.push(en ? `holds ${listText(relics, lang)}` : `détient ${listText(relics, lang)}`);
  if (k.revealed) parts.push(en ? 'the unmasked traitor' : 'le traître démasqué');
  if (k.declaration) {
    const d = k.declaration;
    const what = {
      strong: { en: 'declared strong', fr: 's’est déclaré fort' },
      weak: { en: 'declared weak', fr: 's’est déclaré faible' },
      help: { en: 'offers help', fr: 'propose son aide' },
    }[d.what][lang];
    parts.push(d.quest ? `${what} (${placeName(d.quest, lang)})` : what);
  }
  const who = name(s) === knightName(v, s, lang) ? name(s) : `${name(s)}, ${knightName(v, s, lang)}`;
  const me = v.me?.seat === s ? (en ? ' (you)' : ' (vous)') : '';
  return `${who}${me}${colon(lang)} ${parts.join(', ')}.`;
}

function questOf(word: string | undefined): QuestId | null {
  if (!word) return null;
  const place = LOCATION_ALIASES.get(slug(word));
  return place && place !== 'camelot' ? place : null;
}

function answer(v: ShadowsView, id: string, args: readonly string[], input: SpeechInput): SpeechAnswer {
  const { lang } = input;
  const en = lang === 'en';
  const name: Namer = input.name ?? ((s) => knightName(v, s, lang));
  const seats = v.knights.map((_, i) => i);
  switch (id) {
    case 'hand': {
      if (!v.me)
        return {
          text: en ? 'You are watching: you hold no cards.' : 'Vous regardez la partie\u00a0: vous n’avez pas de main.',
          error: true,
        };
      const hand = v.me.hand;
      if (hand.length === 0) return { text: en ? 'Your hand is empty.' : 'Votre main est vide.', refs: [] };
      const items = hand.map((c) => withId(c, lang));
      return {
        text: `${en ? 'Your hand' : 'Votre main'}, ${countText(hand.length, en ? 'white card' : 'carte blanche', en ? 'white cards' : 'cartes blanches', lang)}${colon(lang)} ${items.join(semi(lang))}.`,
        refs: [...hand],
      };
    }
    case 'loyalty': {
      if (!v.me)
        return {
          text: en
            ? 'You are watching: you have no loyalty card.'
            : 'Vous regardez la partie\u00a0: vous n’avez pas de carte de loyauté.',
          error: true,
        };
      const traitor = v.me.loyalty === 'traitor';
      return {
        text: traitor
          ? en
            ? 'You are the traitor: the knights must lose, and none of them knows it is you.'
            : 'Vous êtes le traître\u00a0: les chevaliers doivent perdre, et aucun ne sait que c’est vous.'
          : en
            ? 'You are loyal to Arthur: win the quests with the other loyal knights.'
            : 'Vous êtes loyal envers Arthur\u00a0: gagnez les quêtes avec les autres chevaliers loyaux.',
      };
    }
    case 'knights':
      return { text: seats.map((s) => knightWords(v, s, lang, name)).join(' ') };
    case 'quests':
      return { text: QUESTS.map((q) => questWords(v, q, lang, name)).join(' '), refs: [...QUESTS] };
    case 'quest': {
      const q = questOf(args.join('-') || undefined) ?? questOf(args[0]);
      if (!q)
        return {
          text: en
            ? 'Say a quest: black-knight, lancelot, excalibur, grail, picts or saxons.'
            : 'Indiquez une quête\u00a0: chevalier-noir, lancelot, excalibur, graal, pictes ou saxons.',
          error: true,
        };
      const data = q === 'lancelot' && v.board.lancelot.side === 'dragon' ? 'dragon' : q;
      const r = rewardWords(data, lang);
      return { text: `${questWords(v, q, lang, name)} ${r}`, refs: [q] };
    }
    case 'status': {
      return {
        text: en
          ? `Round Table: ${countText(v.whiteSwords, 'white sword', 'white swords', 'en')}, ${countText(v.blackSwords, 'black sword', 'black swords', 'en')} (${BLACK_SWORD_LOSS} black lose, the game ends at ${SWORDS_END}). ${countText(v.siege, 'siege engine', 'siege engines', 'en')} around Camelot (${SIEGE_LOSS} lose). Turn ${v.turnNumber}, ${name(v.active)} is the active knight.`
          : `Table Ronde\u00a0: ${countText(v.whiteSwords, 'épée blanche', 'épées blanches', 'fr')}, ${countText(v.blackSwords, 'épée noire', 'épées noires', 'fr')} (${BLACK_SWORD_LOSS} noires font perdre, la partie finit à ${SWORDS_END}). ${countText(v.siege, 'engin de siège', 'engins de siège', 'fr')} autour de Camelot (${SIEGE_LOSS} font perdre). Tour ${v.turnNumber}, ${name(v.active)} est le chevalier actif.`,
      };
    }
    case 'traitor': {
      const swords = v.whiteSwords + v.blackSwords;
      const open = swords >= ACCUSE_THRESHOLD || v.siege >= ACCUSE_THRESHOLD;
      const may = seats.filter((s) => !v.knights[s]!.accused && v.knights[s]!.alive && v.traitor !== s).map(name);
      const unmasked =
        v.traitor !== null
          ? en
            ? `${name(v.traitor)} is the unmasked traitor.`
            : `${name(v.traitor)} est le traître démasqué.`
          : en
            ? 'No traitor has been unmasked.'
            : 'Aucun traître n’a été démasqué.';
      const when = open
        ? en
          ? 'Accusations are open.'
          : 'Les accusations sont ouvertes.'
        : en
          ? `Accusations open at ${ACCUSE_THRESHOLD} swords or ${ACCUSE_THRESHOLD} siege engines (now ${swords} and ${v.siege}).`
          : `Les accusations s’ouvrent à ${ACCUSE_THRESHOLD} épées ou ${ACCUSE_THRESHOLD} engins de siège (actuellement ${swords} et ${v.siege}).`;
      const who =
        may.length === 0
          ? en
            ? 'Nobody may accuse any more.'
            : 'Plus personne ne peut accuser.'
          : en
            ? `May still accuse, once each: ${listText(may, lang)}.`
            : `${may.length === 1 ? 'Peut' : 'Peuvent'} encore accuser, une fois chacun\u00a0: ${listText(may, lang)}.`;
      return { text: `${unmasked} ${v.traitor === null ? `${when} ${who}` : ''}`.trim() };
    }
    case 'relics':
      return { text: `${RELICS.map((r) => holderWords(v, r, lang, name)).join(semi(lang))}.` };
    default: {
      // decks
      return {
        text: en
          ? `White deck ${v.whiteDeckSize}, white discard ${v.whiteDiscard.length}; black deck ${v.blackDeckSize}, black discard ${v.blackDiscard.length}.`
          : `Paquet blanc ${v.whiteDeckSize}, défausse blanche ${v.whiteDiscard.length}\u00a0; paquet noir ${v.blackDeckSize}, défausse noire ${v.blackDiscard.length}.`,
      };
    }
  }
}

/** A quest's reward and penalty (seed 004, the quest sheet). */
function rewardWords(q: QuestId | 'dragon', lang: Lang): string {
  const r = QUEST_REWARDS[q];
  const en = lang === 'en';
  const win = en
    ? `Won: ${countText(r.win.swords, 'white sword', 'white swords', 'en')}, ${countText(r.win.cards, 'white card', 'white cards', 'en')} shared, ${r.win.life} life each.`
    : `Gagnée\u00a0: ${countText(r.win.swords, 'épée blanche', 'épées blanches', 'fr')}, ${countText(r.win.cards, 'carte blanche', 'cartes blanches', 'fr')} à partager, ${r.win.life} point de vie chacun.`;
  const siege = r.lose.siege > 0 ? (en ? `, ${r.lose.siege} siege engines` : `, ${r.lose.siege} engins de siège`) : '';
  const lose = en
    ? `Lost: ${countText(r.lose.swords, 'black sword', 'black swords', 'en')}, ${r.lose.life} life each${siege}.`
    : `Perdue\u00a0: ${countText(r.lose.swords, 'épée noire', 'épées noires', 'fr')}, ${r.lose.life} point de vie chacun${siege}.`;
  return `${win} ${lose}`;
}

export const shadowsSpeech: GameSpeech<ShadowsView> = {
  commands,

  name(view, id, lang) {
    const seat = /^seat:(\d+)$/.exec(id);
    if (seat) {
      const s = Number(seat[1]);
      if (!view.knights[s]) return null;
      return knightWords(view, s, lang, (x) => knightName(view, x, lang)).replace(/\.$/, '');
    }
    if ((QUESTS as readonly string[]).includes(id))
      return questWords(view, id as QuestId, lang, (s) => knightName(view, s, lang)).replace(/\.$/, '');
    if (id === 'camelot') return placeName('camelot', lang);
    const relic = /^relic:(\w+)$/.exec(id);
    if (relic && (RELICS as readonly string[]).includes(relic[1]!))
      return holderWords(view, relic[1] as (typeof RELICS)[number], lang, (s) => knightName(view, s, lang));
    return visibleCards(view).has(id) ? spokenShadowsCard(id, lang) : null;
  },

  things(view) {
    return [
      ...visibleCards(view),
      ...view.knights.map((_, i) => `seat:${i}`),
      'camelot',
      ...QUESTS,
      ...RELICS.map((r) => `relic:${r}`),
    ];
  },

  ask(view, text, input) {
    const parsed = parseQuery(commands, text);
    return parsed ? answer(view, parsed.command.id, parsed.args, input) : null;
  },
};
