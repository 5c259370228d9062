import { countText, type Lang, type Seat } from '@roundtable/core';
import {
  CARD_BY_ID,
  POWER_BY_ID,
  SUITS,
  SUIT_NAMES,
  WOUNDS,
  cardName,
  effectText,
  kindFromText,
  slug,
  tournament,
  usageText,
  type PlayView,
  type PowerCard,
  type Suit,
  type TournamentView,
} from '@roundtable/tournament';
import type { ArenaHooks } from '../arena/roles.ts';
import { punctuate } from '../terminal/typography.ts';
import type { CommandContext, RenderOptions, TerminalAdapter } from '../terminal/adapter.ts';
import { typeset } from '../terminal/typeset.ts';

const ANSI = {
  swords: '\x1b[34m',
  arrows: '\x1b[33m',
  sorcery: '\x1b[31m',
  deception: '\x1b[32m',
  joker: '\x1b[35m',
  dim: '\x1b[2m',
  bold: '\x1b[1m',
} as const;
const RESET = '\x1b[0m';
type Paint = keyof typeof ANSI;
type Tr = (fr: string, en: string) => string;

function paint(text: string, colour: Paint, on: boolean): string {
  return on ? `${ANSI[colour]}${text}${RESET}` : text;
}

/** A weapon card as a player reads it: "Sorcellerie 11 ☠ (so11)", coloured by suit. */
function cardLabel(id: string, lang: Lang, color: boolean): string {
  const c = CARD_BY_ID.get(id);
  if (c === undefined) return id;
  const kind = id.split('.')[0]!;
  const name = cardName(c, lang).replace(/ \((poison|poisoned)\)$/, ' ☠');
  const suit = SUITS.find((s) => kind.startsWith(s.slice(0, 2)) && /\d/.test(kind));
  const colour: Paint = suit ?? (kind.startsWith('al') ? 'bold' : 'joker');
  return paint(`${name} (${kind})`, colour, color);
}

function suitName(s: Suit | null, lang: Lang): string {
  return s === null ? (lang === 'fr' ? 'libre' : 'free') : SUIT_NAMES[s][lang];
}

function playLabel(p: PlayView, v: TournamentView, lang: Lang, color: boolean, feinted: ReadonlySet<number>): string {
  const who = tournament.seatName(p.seat, v.players, lang);
  const joker = p.card.startsWith('merlin') || p.card.startsWith('apprenti');
  // An Alchimie that leads has no suit (the others may then play anything): say so rather than "free".
  const as =
    joker || p.card.startsWith('al')
      ? p.suit === null
        ? ` → ${p.value}, ${lang === 'fr' ? 'sans suite' : 'no suit'}`
        : ` → ${suitName(p.suit, lang)} ${p.value}`
      : '';
  const adj = p.adjust !== 0 ? ` (${p.adjust > 0 ? '+' : ''}${p.adjust} = ${p.value})` : '';
  const down = feinted.has(p.value) ? paint(lang === 'fr' ? ' [feinte]' : ' [feint]', 'dim', color) : '';
  return `${who} : ${cardLabel(p.card, lang, color)}${as}${adj}${down}`;
}

/** The name of a hero, legend or godsend, labelled as a house card when its text is ours. */
function powerName(id: string, lang: Lang, color: boolean): string {
  const p = POWER_BY_ID.get(id);
  if (!p) return id;
  const house = p.house ? paint(lang === 'fr' ? ' (carte maison)' : ' (house card)', 'dim', color) : '';
  return `${p[lang]}${house}`;
}

function describePower(p: PowerCard, lang: Lang): string {
  const kind = {
    hero: lang === 'fr' ? 'Héros' : 'Hero',
    legend: lang === 'fr' ? 'Légende' : 'Legend',
    godsend: lang === 'fr' ? 'Faveur divine' : 'Godsend',
  }[p.type];
  const threshold =
    p.type === 'legend'
      ? p.threshold === null || p.threshold === undefined
        ? lang === 'fr'
          ? ' — sans seuil'
          : ' — no threshold'
        : ` — ${lang === 'fr' ? 'seuil' : 'threshold'} ${p.threshold}`
      : '';
  const house = p.house ? (lang === 'fr' ? ' [carte maison]' : ' [house card]') : '';
  return `${kind} ${p[lang]} (${p.id})${threshold}${house}: ${effectText(p.effect, lang)} ${usageText(p, lang)}`;
}

function cardCount(n: number, lang: Lang): string {
  return lang === 'fr' ? countText(n, 'carte', 'cartes', lang) : countText(n, 'card', 'cards', lang);
}

function feintSet(plays: readonly PlayView[]): Set<number> {
  const count = new Map<number, number>();
  for (const p of plays) count.set(p.value, (count.get(p.value) ?? 0) + 1);
  return new Set([...count].filter(([, n]) => n > 1).map(([v]) => v));
}

function phaseLine(v: TournamentView, tr: Tr, lang: Lang, color: boolean): string {
  const p = v.phase;
  const who = (s: Seat): string => tournament.seatName(s, v.players, lang);
  switch (p.kind) {
    case 'hero':
      return tr(
        `${who(p.queue[0]!)} choisit son héros («\u00a0hero …\u00a0»)\u00a0: ${p.free.join(', ')}.`,
        `${who(p.queue[0]!)} chooses a hero ("hero …"): ${p.free.join(', ')}.`,
      );
    case 'combat': {
      const leading = v.combat.plays.length === 0;
      return leading
        ? tr(`${who(p.turn)} entame le combat ${v.combat.number}.`, `${who(p.turn)} leads combat ${v.combat.number}.`)
        : tr(`À ${who(p.turn)} de jouer.`, `${who(p.turn)} to play.`);
    }
    case 'exchange':
      return p.step === 'give'
        ? tr(
            `Échange\u00a0: ${who(p.target)} donne une carte de son choix à ${who(p.user)} («\u00a0give …\u00a0»).`,
            `Exchange: ${who(p.target)} gives a card of their choice to ${who(p.user)} ("give …").`,
          )
        : tr(
            `Échange\u00a0: ${who(p.user)} donne une carte en retour à ${who(p.target)} («\u00a0give …\u00a0»).`,
            `Exchange: ${who(p.user)} gives a card back to ${who(p.target)} ("give …").`,
          );
    case 'redraw':
      return tr(
        `${who(p.user)} a pioché\u00a0: il défausse une carte («\u00a0discard …\u00a0»).`,
        `${who(p.user)} drew: they discard a card ("discard …").`,
      );
    case 'godsend': {
      const up = p.faceUp.map((g) => `${powerName(g, lang, color)} (${g})`).join(', ');
      return tr(
        `Faveurs divines\u00a0: ${who(p.queue[0]!)} prend une carte visible («\u00a0take …\u00a0») ou pioche («\u00a0draw\u00a0»). Visibles\u00a0: ${up}. Ensuite\u00a0: ${p.queue.slice(1).map(who).join(', ') || '—'}.`,
        `Godsends: ${who(p.queue[0]!)} takes a face-up card ("take …") or draws ("draw"). Face up: ${up}. Then: ${p.queue.slice(1).map(who).join(', ') || '—'}.`,
      );
    }
    case 'over': {
      const o = v.outcome;
      const names = (o?.winners ?? []).map(who).join(', ');
      return paint(
        tr(
          `Partie terminée\u00a0: ${names} ${o && o.winners.length > 1 ? 'gagnent' : 'gagne'}\u00a0!`,
          `Game over: ${names} ${o && o.winners.length > 1 ? 'win' : 'wins'}!`,
        ),
        'bold',
        color,
      );
    }
  }
}

/** Draws one seat's view: never reads the state, so nothing hidden can reach the screen. */
export function renderTournament(raw: unknown, options: RenderOptions): string {
  const v = raw as TournamentView;
  const { lang, color } = options;
  const tr: Tr = (fr, en) => (lang === 'fr' ? fr : en);
  const who = (s: Seat): string => tournament.seatName(s, v.players, lang);
  const lines: string[] = [];
  lines.push(
    paint(tr(`Manche ${v.round}`, `Round ${v.round}`), 'bold', color) +
      ` — ${tr('donneur', 'dealer')} : ${who(v.dealer)} — ${tr('pioche', 'weapon pile')} : ${v.deckSize}` +
      ` — ${tr('défausse', 'discard')} : ${v.discard.length} — ${tr('faveurs', 'godsends')} : ${v.godsendDeckSize}` +
      ` — ${tr('jetons Volonté divine', 'Divine Will tokens')} : ${v.divineWill}`,
  );
  lines.push('');
  v.seats.forEach((sv, seat) => {
    const mark = v.toMove.includes(seat) ? '▶' : ' ';
    const you = seat === options.viewer ? tr(' (vous)', ' (you)') : '';
    const hero = sv.hero ? `${powerName(sv.hero, lang, color)}` : tr('sans héros', 'no hero');
    const legend = sv.legend
      ? ` / ${powerName(sv.legend, lang, color)} ${sv.legendActive ? paint(tr('[active]', '[active]'), 'bold', color) : sv.legendFrom !== null ? tr(`[dès la manche ${sv.legendFrom}]`, `[from round ${sv.legendFrom}]`) : tr('[endormie]', '[asleep]')}`
      : '';
    lines.push(
      `${mark} ${who(seat)}${you} — ${paint(`${sv.life} ${tr('PV', 'life')}`, 'bold', color)} — ${tr('main', 'hand')} ${sv.handSize} — ${hero}${legend}`,
    );
    // Merlin and Apprenti keep the suit and value declared for them (said aloud, so everyone knows them).
    const declared = (c: string): string => {
      const d = sv.declared.find((x) => x.card === c);
      return d ? ` → ${suitName(d.suit, lang)} ${d.value}` : '';
    };
    const pile =
      sv.pile.length > 0
        ? `${sv.pile.map((c) => `${cardLabel(c, lang, color)}${declared(c)}`).join(' ')} = ${sv.pileWounds}`
        : '—';
    lines.push(
      `    ${tr('blessures', 'wounds')} : ${pile}${sv.dishonour > 0 ? tr(`\u00a0; déshonneur ${sv.dishonour}`, `; dishonour ${sv.dishonour}`) : ''}`,
    );
    if (sv.godsends.length > 0) {
      lines.push(
        `    ${tr('faveurs', 'godsends')} : ${sv.godsends.map((g) => `${powerName(g.id, lang, color)} (${g.id}${g.uses === 0 ? tr(', utilisée', ', used') : g.uses > 1 ? ` ×${g.uses}` : ''})`).join(', ')}`,
      );
    }
    if (sv.used.length > 0) lines.push(`    ${tr('pouvoirs utilisés', 'powers used')} : ${sv.used.join(', ')}`);
    if (sv.shown.length > 0)
      lines.push(
        `    ${tr('cartes connues en main', 'known cards in hand')} : ${sv.shown.map((c) => cardLabel(c, lang, color)).join(' ')}`,
      );
  });
  if (v.effects.length > 0) {
    lines.push('');
    for (const e of v.effects) {
      const s = SUIT_NAMES[e.suit][lang];
      lines.push(
        e.kind === 'ward'
          ? tr(`Protection\u00a0: ${who(e.by)}, ${s} divisées par deux.`, `Ward: ${who(e.by)}, ${s} halved.`)
          : e.kind === 'curse'
            ? tr(
                `Malédiction de ${who(e.by)}\u00a0: ${s} de ${who(e.target)} doublées.`,
                `Curse by ${who(e.by)}: ${who(e.target)}'s ${s} doubled.`,
              )
            : tr(
                `Transfert\u00a0: les ${s} de ${who(e.by)} vont à ${who(e.target)}.`,
                `Transfer: ${who(e.by)}'s ${s} go to ${who(e.target)}.`,
              ),
      );
    }
  }
  const freshRound = v.combat.number === 1 && v.combat.plays.length === 0;
  if (v.lastRound && (v.phase.kind === 'godsend' || v.phase.kind === 'over' || freshRound)) {
    const r = v.lastRound;
    lines.push('');
    lines.push(
      tr(`Fin de la manche ${r.round} — blessures\u00a0: `, `End of round ${r.round} — wounds: `) +
        r.wounds.map((w, s) => `${who(s)} ${w}`).join(', '),
    );
  }
  if (v.lastCombat && (v.lastCombat.round === v.round || v.combat.plays.length === 0)) {
    const lc = v.lastCombat;
    const f = feintSet(lc.plays);
    lines.push('');
    lines.push(
      tr(`Combat ${lc.number} précédent\u00a0: `, `Previous combat ${lc.number}: `) +
        (lc.loser === null
          ? tr('toutes les cartes feintées, mises de côté', 'every card feinted, set aside')
          : tr(
              `${who(lc.loser)} perd et prend ${cardCount(lc.cards.length, lang)}`,
              `${who(lc.loser)} lost and took ${cardCount(lc.cards.length, lang)}`,
            )),
    );
    for (const p of lc.plays) lines.push(`    ${playLabel(p, v, lang, color, f)}`);
  }
  // The combat under way; between rounds (hero choice, godsends) and at the end there is none to show.
  const fighting =
    v.phase.kind === 'combat' ||
    v.phase.kind === 'exchange' ||
    v.phase.kind === 'redraw' ||
    v.combat.plays.length > 0 ||
    v.combat.out.length > 0;
  if (fighting) {
    lines.push('');
    lines.push(
      paint(tr(`Combat ${v.combat.number}`, `Combat ${v.combat.number}`), 'bold', color) +
        (v.combat.pot.length > 0
          ? tr(
              ` — reportées\u00a0: ${cardCount(v.combat.pot.length, lang)}`,
              ` — carried over: ${cardCount(v.combat.pot.length, lang)}`,
            )
          : ''),
    );
    const f = feintSet(v.combat.plays);
    for (const p of v.combat.plays) lines.push(`    ${playLabel(p, v, lang, color, f)}`);
    for (const o of v.combat.out)
      lines.push(`    ${who(o.seat)} : ${tr('déshonneur', 'dishonour')} (${cardLabel(o.card, lang, color)})`);
  }
  if (v.adjust)
    lines.push(
      `    ${tr(`${who(v.adjust.seat)}\u00a0: ${v.adjust.by > 0 ? '+' : ''}${v.adjust.by} sur sa prochaine carte (${v.adjust.power})`, `${who(v.adjust.seat)}: ${v.adjust.by > 0 ? '+' : ''}${v.adjust.by} on their next card (${v.adjust.power})`)}`,
    );
  lines.push('');
  lines.push(phaseLine(v, tr, lang, color));
  if (v.me) {
    lines.push('');
    lines.push(paint(tr('Votre main', 'Your hand'), 'bold', color) + ` (${v.me.hand.length}) :`);
    const bySuit = new Map<string, string[]>();
    for (const id of v.me.hand) {
      const key = /^[a-z]{2}\d/.test(id) ? id.slice(0, 2) : 'jokers';
      bySuit.set(key, [...(bySuit.get(key) ?? []), cardLabel(id, lang, color)]);
    }
    for (const [, cards] of bySuit) lines.push(`    ${cards.join('  ')}`);
    for (const e of v.me.seen)
      lines.push(
        tr(`Main vue de ${who(e.owner)}\u00a0: `, `Seen in ${who(e.owner)}'s hand: `) +
          (e.cards.map((c) => cardLabel(c, lang, color)).join(' ') || '—'),
      );
  }
  if (options.lastMove) lines.push(paint(`${tr('Dernier coup', 'Last move')} : ${options.lastMove}`, 'dim', color));
  return punctuate(lines.join('\n'), lang);
}

function describeCard(word: string, lang: Lang): string | null {
  const p = POWER_BY_ID.get(slug(word));
  if (p) return describePower(p, lang);
  const kind = kindFromText(word);
  if (kind === null) return null;
  const c = CARD_BY_ID.get(kind === 'merlin' || kind === 'apprenti' ? `${kind}.1` : kind);
  if (c === undefined) return null;
  const joker = kind === 'merlin' || kind === 'apprenti';
  const extra = joker
    ? lang === 'fr'
      ? ' — valeur et suite déclarées en la jouant'
      : ' — suit and value declared when played'
    : kind.startsWith('al')
      ? lang === 'fr'
        ? ' — prend la suite de l’entame, seulement sans la suite'
        : ' — takes the suit led, only when you cannot follow'
      : '';
  return `${cardName(c, lang)} (${kind}) — ${WOUNDS[c]} ${lang === 'fr' ? 'blessures' : 'wounds'}${extra}`;
}

export const tournamentAdapter: TerminalAdapter & ArenaHooks = {
  gameId: 'tournament',
  render: (view, options) => typeset(renderTournament(view, options), options.lang),
  privacyScreen: true,
  // The arena balances heroes: each seat's hero (dealt at random by default) is its role.
  arena: {
    roles: {
      name: { en: 'hero', fr: 'héros' },
      roleOf: (view, seat) => (view as TournamentView).seats[seat]?.hero ?? null,
    },
  },
  commands: [
    {
      usage: 'card <id>',
      help: {
        en: 'a weapon card or a power (e.g. "card so11", "card excalibur")',
        fr: 'une carte Armes ou un pouvoir (ex. «\u00a0carte so11\u00a0», «\u00a0carte excalibur\u00a0»)',
      },
    },
    {
      usage: 'powers',
      help: {
        en: 'every hero, legend and godsend (house cards marked)',
        fr: 'tous les héros, légendes et faveurs (cartes maison signalées)',
      },
    },
  ],
  describeReason(reason: string, lang: Lang): string | undefined {
    if (reason !== 'life') return undefined;
    return lang === 'fr'
      ? 'un chevalier est tombé à 0 point de vie\u00a0; le plus en vie gagne'
      : 'a knight fell to 0 life; the healthiest wins';
  },
  command(line: string, context: CommandContext): string | null {
    const { options } = context;
    const [head, ...rest] = line.trim().split(/\s+/);
    if (head === 'powers') return [...POWER_BY_ID.values()].map((p) => describePower(p, options.lang)).join('\n');
    if (head === 'card' && rest.length === 1) {
      return (
        describeCard(rest[0]!, options.lang) ??
        (options.lang === 'fr' ? `Carte inconnue\u00a0: ${rest[0]!}` : `Unknown card: ${rest[0]!}`)
      );
    }
    return null;
  },
};
