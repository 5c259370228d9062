import { pluralFor, type Lang, type Outcome, type Seat } from '@roundtable/core';
import {
  KINDS,
  KIND_ALIASES,
  KNIGHT_DATA,
  LOCATION_NAMES,
  RELIC_DATA,
  kindOfInstance,
  slug,
  type Location,
  type PhaseView,
  type Relic,
  type ShadowsView,
} from '@roundtable/shadows';
import { punctuate } from '../terminal/typography.ts';
import type { CommandContext, RenderOptions, TerminalAdapter } from '../terminal/adapter.ts';
import type { ArenaHooks } from '../arena/roles.ts';
import { typeset } from '../terminal/typeset.ts';

const ANSI = {
  white: '\x1b[37m',
  black: '\x1b[35m',
  red: '\x1b[31m',
  green: '\x1b[32m',
  dim: '\x1b[2m',
  bold: '\x1b[1m',
} as const;
const RESET = '\x1b[0m';
type Tr = (fr: string, en: string) => string;

function paint(text: string, colour: keyof typeof ANSI, on: boolean): string {
  return on ? `${ANSI[colour]}${text}${RESET}` : text;
}

const kindOf = (id: string): (typeof KINDS)[number] | undefined => KINDS.find((k) => k.id === kindOfInstance(id));

/** A card as the player reads it: "Combat 3 (fight-3)". */
function cardLabel(id: string, lang: Lang, color: boolean): string {
  const k = kindOf(id);
  if (!k) return id;
  return paint(`${k[lang]} (${k.id})`, k.colour === 'white' ? 'white' : 'black', color);
}

function knightName(v: ShadowsView, seat: Seat, lang: Lang): string {
  const k = v.knights[seat];
  return k ? KNIGHT_DATA[k.knight][lang] : String(seat);
}

function placeName(loc: Location | null, lang: Lang): string {
  return loc === null ? '—' : LOCATION_NAMES[loc][lang];
}

function holder(h: number | 'quest' | 'gone', v: ShadowsView, tr: Tr, lang: Lang): string {
  if (h === 'quest') return tr('sur sa quête', 'on its quest');
  if (h === 'gone') return tr('perdue', 'lost');
  return knightName(v, h, lang);
}

function phaseLine(v: ShadowsView, p: PhaseView, tr: Tr, lang: Lang, color: boolean): string {
  const who = (s: Seat): string => knightName(v, s, lang);
  const list = (seats: readonly Seat[]): string => seats.map(who).join(', ');
  switch (p.kind) {
    case 'lay':
      return tr(
        `Préliminaire\u00a0: chacun pose une carte blanche («\u00a0lay <carte>\u00a0»). En attente\u00a0: ${list(p.waiting)}.`,
        `Opening: everyone lays a white card ("lay <card>"). Waiting for: ${list(p.waiting)}.`,
      );
    case 'propose':
      return tr(
        `${who(p.seat)} propose la répartition («\u00a0propose a b c …\u00a0»\u00a0: le siège i reçoit la carte posée par le i-ème numéro).`,
        `${who(p.seat)} proposes the share ("propose a b c …": seat i gets the card laid by the i-th number).`,
      );
    case 'vote':
      return tr(
        `Proposition\u00a0: ${p.proposal.map((from, i) => `${who(i)} ← ${who(from)}`).join('\u00a0; ')}. «\u00a0accept\u00a0» ou «\u00a0refuse\u00a0». En attente\u00a0: ${list(p.waiting)}.`,
        `Proposal: ${p.proposal.map((from, i) => `${who(i)} ← ${who(from)}`).join('; ')}. "accept" or "refuse". Waiting for: ${list(p.waiting)}.`,
      );
    case 'evil':
      if ('excalibur' in p) {
        // Excalibur's cancel window is its own step: only the holder answers (option excaliburCancel).
        const x = p.excalibur;
        const drawn =
          'card' in x
            ? cardLabel(x.card, lang, color)
            : tr(
                `une carte ${placeName(x.quest, lang)}, que seul son piocheur voit`,
                `a ${placeName(x.quest, lang)} card, seen only by its drawer`,
              );
        return paint(
          tr(
            `Excalibur\u00a0: annuler la carte noire qui vient d’être piochée (${drawn})\u00a0? ${who(x.seat)} tient Excalibur («\u00a0excalibur\u00a0» / «\u00a0pass\u00a0»).`,
            `Excalibur: cancel the black card just drawn (${drawn})? ${who(x.seat)} holds Excalibur ("excalibur" / "pass").`,
          ),
          'bold',
          color,
        );
      }
      return tr(
        `${who(v.active)}\u00a0: Progression du Mal («\u00a0evil black\u00a0», «\u00a0evil siege\u00a0», «\u00a0evil life\u00a0»).`,
        `${who(v.active)}: Progression of Evil ("evil black", "evil siege", "evil life").`,
      );
    case 'armor':
      return tr(
        `${who(v.active)} choisit l’une des deux cartes noires (Armure de Lancelot).`,
        `${who(v.active)} chooses one of two black cards (Lancelot's Armor).`,
      );
    case 'place':
      return tr(
        `${who(v.active)} pose une carte de ${placeName(p.quest, lang)} face visible ou cachée («\u00a0place up\u00a0» / «\u00a0place down\u00a0»).`,
        `${who(v.active)} lays a ${placeName(p.quest, lang)} card face up or down ("place up" / "place down").`,
      );
    case 'war':
      return tr(
        `${cardLabel(p.card, lang, color)}\u00a0: choisir la guerre («\u00a0war picts\u00a0» / «\u00a0war saxons\u00a0»).`,
        `${cardLabel(p.card, lang, color)}: choose the war ("war picts" / "war saxons").`,
      );
    case 'merlin':
      return paint(
        tr(
          `Carte noire spéciale\u00a0: ${cardLabel(p.card, lang, false)}. Chacun répond «\u00a0pass\u00a0» ou «\u00a0merlin\u00a0» (3 Merlin l’annulent). En attente\u00a0: ${list(p.waiting)}.`,
          `Special black card: ${cardLabel(p.card, lang, false)}. Everyone answers "pass" or "merlin" (3 Merlins cancel it). Waiting for: ${list(p.waiting)}.`,
        ),
        'bold',
        color,
      );
    case 'volunteer':
      return tr(
        `${cardLabel(p.card, lang, color)}\u00a0: un volontaire\u00a0? («\u00a0volunteer\u00a0» / «\u00a0pass\u00a0»). En attente\u00a0: ${list(p.waiting)}.`,
        `${cardLabel(p.card, lang, color)}: a volunteer? ("volunteer" / "pass"). Waiting for: ${list(p.waiting)}.`,
      );
    case 'discard':
      return tr(
        `${cardLabel(p.card, lang, color)}\u00a0: défausser («\u00a0discard …\u00a0»). En attente\u00a0: ${p.waiting.map((s) => `${who(s)} (${p.need[s]})`).join(', ')}.`,
        `${cardLabel(p.card, lang, color)}: discard ("discard …"). Waiting for: ${p.waiting.map((s) => `${who(s)} (${p.need[s]})`).join(', ')}.`,
      );
    case 'heroic':
      return tr(
        `${who(v.active)}\u00a0: actions héroïques (faites\u00a0: ${v.turn.used.join(', ') || 'aucune'}), puis «\u00a0end\u00a0».`,
        `${who(v.active)}: heroic actions (taken: ${v.turn.used.join(', ') || 'none'}), then "end".`,
      );
    case 'swap':
      return tr(
        `${who(p.from)} a donné une carte à ${who(p.to)}, qui en rend une («\u00a0return <carte>\u00a0»).`,
        `${who(p.from)} gave a card to ${who(p.to)}, who gives one back ("return <card>").`,
      );
    case 'clairvoyance':
      return tr(
        `${who(p.seat)} ordonne les ${p.count} cartes noires du dessus («\u00a0order …\u00a0»).`,
        `${who(p.seat)} orders the top ${p.count} black cards ("order …").`,
      );
    case 'kay':
      return tr(
        `${who(p.seat)} (Keu) peut ajouter une carte Combat («\u00a0kay <carte>\u00a0» / «\u00a0pass\u00a0»).`,
        `${who(p.seat)} (Kay) may add a Fight card ("kay <card>" / "pass").`,
      );
    case 'grail-save':
      return tr(
        `${who(p.seat)} peut sauver ${who(p.dying)} avec le Graal («\u00a0save\u00a0» / «\u00a0pass\u00a0»).`,
        `${who(p.seat)} may save ${who(p.dying)} with the Grail ("save" / "pass").`,
      );
    case 'traitor':
      return tr(
        `Le félon ${who(v.active)} choisit un chevalier qui perd une carte («\u00a0target @n\u00a0»).`,
        `The traitor ${who(v.active)} chooses a knight who loses a card ("target @n").`,
      );
    case 'over':
      return paint(
        p.loyalWin
          ? tr('Les chevaliers loyaux ont gagné\u00a0!', 'The loyal knights win!')
          : tr('Les ombres ont vaincu Camelot.', 'The shadows have won.'),
        'bold',
        color,
      );
  }
}

/** The swords' colour in words, so that white and black read apart without colours (`--no-color`). */
function swordWord(colour: 'white' | 'black', n: number, lang: Lang): string {
  if (lang !== 'fr') return colour;
  const word = colour === 'white' ? 'blanche' : 'noire';
  return pluralFor(n, lang) ? `${word}s` : word;
}

/** Draws one seat's view: never reads the state, so nothing hidden can reach the screen. */
export function renderShadows(raw: unknown, options: RenderOptions): string {
  const v = raw as ShadowsView;
  const { lang, color } = options;
  const tr: Tr = (fr, en) => (lang === 'fr' ? fr : en);
  const cards = (ids: readonly string[]): string =>
    ids.length > 0 ? ids.map((c) => cardLabel(c, lang, color)).join(', ') : '—';
  const lines: string[] = [];
  lines.push(
    paint(tr(`Tour ${v.turnNumber}`, `Turn ${v.turnNumber}`), 'bold', color) +
      ` — ${tr('épées', 'swords')} : ${paint(`${v.whiteSwords} ⚔ ${swordWord('white', v.whiteSwords, lang)}`, 'white', color)} / ${paint(`${v.blackSwords} ⚔ ${swordWord('black', v.blackSwords, lang)}`, 'black', color)} (12)` +
      ` — ${tr('siège', 'siege')} : ${v.siege}/12` +
      ` — ${tr('pioches', 'piles')} : ${v.whiteDeckSize} ${tr('blanches', 'white')} / ${v.blackDeckSize} ${tr('noires', 'black')}`,
  );
  const b = v.board;
  const black = (list: readonly { card: string | null }[]): string =>
    list.length > 0
      ? list.map((p) => (p.card === null ? tr('[cachée]', '[face down]') : cardLabel(p.card, lang, color))).join(', ')
      : '—';
  lines.push(`  ${placeName('black-knight', lang)} : ${cards(b.blackKnight.white)} | ${black(b.blackKnight.black)}`);
  if (b.lancelot.side !== 'done')
    lines.push(
      `  ${b.lancelot.side === 'dragon' ? tr('Dragon', 'Dragon') : 'Lancelot'} : ${cards(b.lancelot.white)} | ${black(b.lancelot.black)}`,
    );
  // Two quests to a line, so that the table keeps to one screen of 24 lines.
  const pair = (a: string | null, b: string | null) => {
    const both = [a, b].filter((x): x is string => x !== null);
    if (both.length > 0) lines.push(`  ${both.join(' · ')}`);
  };
  pair(
    b.excalibur.done ? null : `Excalibur : ${tr('position', 'position')} ${b.excalibur.pos} (−5 … +5)`,
    b.grail.done
      ? null
      : `${tr('Graal', 'Grail')} : ${b.grail.grails.length} ${tr('Graal', 'Grail')} / ${b.grail.blacks.length} ${tr('noires', 'black')} (7)`,
  );
  const war = (which: 'picts' | 'saxons'): string => {
    const w = b[which];
    const mordred = v.effects.mordred?.war === which ? ' + Mordred' : '';
    return `${placeName(which, lang)} : ${w.figures}/4${mordred}, ${tr('suite', 'straight')} ${w.white.map((c) => kindOf(c)?.value ?? '?').join('-') || '—'}`;
  };
  pair(war('picts'), war('saxons'));
  const effects = [v.effects.mists, v.effects.vivien, v.effects.broceliande].filter((x): x is string => x !== null);
  if (effects.length > 0) lines.push(`  ${tr('En jeu', 'In play')} : ${cards(effects)}`);
  if (v.effects.heroism)
    lines.push(`  ${tr('Héroïsme sur', 'Heroism on')} ${placeName(v.effects.heroism.quest, lang)}`);
  // Relics said together when they share a holder ("Excalibur, Holy Grail — on their quests"): one line.
  const relics = new Map<string, string[]>();
  for (const r of ['excalibur', 'grail', 'armor'] as Relic[]) {
    const h = v.relics[r];
    const key = h === 'quest' ? 'quest' : holder(h, v, tr, lang);
    relics.set(key, [...(relics.get(key) ?? []), RELIC_DATA[r][lang]]);
  }
  const held = [...relics].map(
    ([key, names]) =>
      `${names.join(', ')} — ${key === 'quest' ? (names.length > 1 ? tr('sur leurs quêtes', 'on their quests') : tr('sur sa quête', 'on its quest')) : key}`,
  );
  lines.push(`  ${tr('Reliques', 'Relics')} : ${held.join(' ; ')}`);
  if (v.lastRoll)
    lines.push(
      paint(
        `  ${tr('Dernière lutte', 'Last siege fight')} : ${knightName(v, v.lastRoll.seat, lang)} ${v.lastRoll.sum} ${tr('contre', 'against')} ${v.lastRoll.roll} — ${v.lastRoll.won ? tr('gagnée', 'won') : tr('perdue', 'lost')}`,
        'dim',
        color,
      ),
    );
  lines.push('');
  v.knights.forEach((k, seat) => {
    const mark = seat === v.active ? '▶' : ' ';
    const state = !k.alive
      ? paint(tr('mort', 'dead'), 'dim', color)
      : k.revealed
        ? paint(tr('FÉLON', 'TRAITOR'), 'red', color)
        : `${k.life} ${tr('PB', 'life')}`;
    const decl = k.declaration
      ? ` « ${k.declaration.what}${k.declaration.quest ? ` ${k.declaration.quest}` : ''} »`
      : '';
    lines.push(
      `${mark} ${seat}. ${KNIGHT_DATA[k.knight][lang]}${seat === options.viewer ? tr(' (vous)', ' (you)') : ''} — ${state} — ${placeName(k.location, lang)} — ${tr('main', 'hand')} ${k.handSize}${k.accused ? tr(' — a accusé', ' — has accused') : ''}${decl}`,
    );
  });
  if (v.laid.some((c) => c !== null))
    lines.push(
      `${tr('Cartes posées', 'Laid cards')} : ${v.laid.map((c, i) => `${knightName(v, i, lang)} ${c === null ? '—' : cardLabel(c, lang, color)}`).join(' ; ')}`,
    );
  lines.push('');
  lines.push(phaseLine(v, v.phase, tr, lang, color));
  if (v.me) {
    const me = v.me;
    lines.push('');
    lines.push(
      paint(tr('Votre allégeance', 'Your loyalty'), 'bold', color) +
        ` : ${me.loyalty === 'traitor' ? paint(tr('FÉLON', 'TRAITOR'), 'red', color) : tr('loyal', 'loyal')}`,
    );
    lines.push(
      paint(tr('Votre main', 'Your hand'), 'bold', color) +
        ` (${me.hand.length}) : ${cards([...me.hand].sort((a, b) => KINDS.indexOf(kindOf(a)!) - KINDS.indexOf(kindOf(b)!)))}`,
    );
    if (me.peek)
      lines.push(
        `${tr('Carte noire du dessus (Perceval)', 'Top black card (Percival)')} : ${cardLabel(me.peek, lang, color)}`,
      );
    if (me.armor) lines.push(`${tr('Cartes piochées (Armure)', 'Cards drawn (Armor)')} : ${cards(me.armor)}`);
    if (me.drawn) lines.push(`${tr('Carte piochée', 'Card drawn')} : ${cardLabel(me.drawn, lang, color)}`);
    if (me.top)
      lines.push(
        `${tr('Dessus de la pioche noire', 'Top of the black pile')} : ${me.top.map((c, i) => `${i + 1}. ${cardLabel(c, lang, color)}`).join('  ')}`,
      );
    if (me.faceDown.length > 0)
      lines.push(
        `${tr('Vos cartes cachées', 'Your face-down cards')} : ${me.faceDown.map((f) => `${placeName(f.quest, lang)} ${cardLabel(f.card, lang, color)}`).join(' ; ')}`,
      );
    if (me.answer) lines.push(tr(`Votre réponse\u00a0: ${me.answer}`, `Your answer: ${me.answer}`));
    // What this seat saw earlier and may still use (the engine's Memory): only its own view carries it.
    const seen = me.seen;
    if (seen?.swap) {
      const got = seen.swap.got
        ? tr(`, reçu ${cardLabel(seen.swap.got, lang, color)}`, `, got ${cardLabel(seen.swap.got, lang, color)}`)
        : '';
      lines.push(
        tr(
          `Vous avez vu — échange avec ${knightName(v, seen.swap.with, lang)}\u00a0: donné ${cardLabel(seen.swap.gave, lang, color)}${got}`,
          `You saw — swap with ${knightName(v, seen.swap.with, lang)}: gave ${cardLabel(seen.swap.gave, lang, color)}${got}`,
        ),
      );
    }
    if (seen?.top)
      lines.push(
        `${tr('Vous avez vu — dessus de la pioche noire', 'You saw — top of the black pile')} : ${seen.top.map((c, i) => `${i + 1}. ${cardLabel(c, lang, color)}`).join('  ')}`,
      );
    if (seen?.under)
      lines.push(
        `${tr('Vous avez vu — sous la pioche noire (Armure)', 'You saw — under the black pile (Armor)')} : ${cards(seen.under)}`,
      );
  }
  if (options.lastMove) lines.push(paint(`${tr('Dernier coup', 'Last move')} : ${options.lastMove}`, 'dim', color));
  return punctuate(lines.join('\n'), lang);
}

function describeCard(word: string, lang: Lang): string | null {
  const id = KIND_ALIASES.get(slug(word));
  const k = KINDS.find((x) => x.id === id);
  if (!k) return null;
  return `${k[lang]} (${k.id}) ×${k.count} — ${k.text[lang]}`;
}

const REASONS: Readonly<Record<string, { fr: string; en: string }>> = {
  swords: {
    fr: '12 épées sur la Table Ronde\u00a0: la majorité décide',
    en: '12 swords on the Round Table: the majority decides',
  },
  siege: { fr: '12 engins de siège encerclent Camelot', en: '12 siege engines surround Camelot' },
  'black-swords': { fr: '7 épées noires sur la Table Ronde', en: '7 black swords on the Round Table' },
  'loyal-dead': { fr: 'tous les chevaliers loyaux sont morts', en: 'every loyal knight is dead' },
  exhaustion: { fr: 'la partie a duré trop longtemps (400 tours)', en: 'the game went on too long (400 turns)' },
};

export const shadowsAdapter: TerminalAdapter & ArenaHooks = {
  gameId: 'shadows',
  render: (view, options) => typeset(renderShadows(view, options), options.lang),
  privacyScreen: true,
  commands: [
    {
      usage: 'card <id>',
      help: {
        en: 'what a card does (e.g. "card morgan-2")',
        fr: 'ce que fait une carte (ex. «\u00a0carte morgane-2\u00a0»)',
      },
    },
    { usage: 'knights', help: { en: "every knight's power", fr: 'le pouvoir de chaque chevalier' } },
  ],
  seatAliases: {
    arthur: 0,
    galahad: 1,
    gawain: 2,
    gauvain: 2,
    kay: 3,
    keu: 3,
    percival: 4,
    perceval: 4,
    palamedes: 5,
    palomides: 5,
    tristan: 6,
  },
  // The arena's per-side table: a seat is the traitor when it won as the loyal knights lost, or the other way
  // round (as endNote tells it); accusations are `accuse @n` moves, right when they name the traitor.
  arena: {
    roles: {
      name: { en: 'side', fr: 'camp' },
      roleOf: (view, seat, outcome) => {
        const v = view as ShadowsView;
        if (v.phase.kind !== 'over') return null;
        if (v.traitor !== null) return v.traitor === seat ? 'traitor' : 'loyal';
        return v.phase.loyalWin !== outcome.winners.includes(seat) ? 'traitor' : 'loyal';
      },
      accusations: {
        guilty: 'traitor',
        target: (move) => {
          const m = /^accuse @(\d+)$/.exec(move);
          return m ? Number(m[1]) : null;
        },
      },
    },
  },
  describeReason(reason: string, lang: Lang): string | undefined {
    return REASONS[reason]?.[lang];
  },
  endNote(outcome: Outcome, finalView: unknown, lang: Lang): string | undefined {
    // At the end the traitor is told: the loyal knights' loss is the traitor's win, and the other way round.
    const v = finalView as ShadowsView;
    if (v.phase.kind !== 'over') return undefined;
    const won = new Set(outcome.winners);
    const traitors = v.knights.flatMap((_, seat) =>
      (v.phase.kind === 'over' && v.phase.loyalWin) !== won.has(seat) ? [seat] : [],
    );
    if (traitors.length === 0)
      return lang === 'fr' ? 'Il n’y avait pas de félon à la table.' : 'There was no traitor at the table.';
    const names = traitors.map((s) => knightName(v, s, lang)).join(', ');
    return lang === 'fr' ? `Le félon était ${names}.` : `The traitor was ${names}.`;
  },
  command(line: string, context: CommandContext): string | null {
    const { lang } = context.options;
    const [head, ...rest] = line.trim().split(/\s+/);
    if (head === 'knights')
      return Object.values(KNIGHT_DATA)
        .map((k) => `${k[lang]} — ${k.power[lang]}`)
        .join('\n');
    if (head === 'card' && rest.length === 1)
      return (
        describeCard(rest[0]!, lang) ??
        (lang === 'fr' ? `Carte inconnue\u00a0: ${rest[0]!}` : `Unknown card: ${rest[0]!}`)
      );
    return null;
  },
};
