import type { Lang, Seat } from '@roundtable/core';
import { COLOUR_NAMES, KINDS, KIND_ALIASES, joust, slug, type Colour, type JoustView } from '@roundtable/joust';
import { punctuate } from '../terminal/typography.ts';
import type { CommandContext, RenderOptions, TerminalAdapter } from '../terminal/adapter.ts';
import { typeset } from '../terminal/typeset.ts';

const ANSI: Readonly<Record<Colour | 'white' | 'dim' | 'bold', string>> = {
  purple: '\x1b[35m',
  red: '\x1b[31m',
  blue: '\x1b[34m',
  yellow: '\x1b[33m',
  green: '\x1b[32m',
  white: '\x1b[37m',
  dim: '\x1b[2m',
  bold: '\x1b[1m',
};
const RESET = '\x1b[0m';

type Tr = (fr: string, en: string) => string;

function kindOfId(id: string): (typeof KINDS)[number] | undefined {
  const kind = id.includes('.') ? id.slice(0, id.lastIndexOf('.')) : id;
  return KINDS.find((k) => k.id === kind);
}

function paint(text: string, colour: keyof typeof ANSI, on: boolean): string {
  return on ? `${ANSI[colour]}${text}${RESET}` : text;
}

/** A card as the player reads it: "Rouge 4 (red-4)" with the card's colour. */
function cardLabel(id: string, lang: Lang, color: boolean): string {
  const k = kindOfId(id);
  if (!k) return id;
  const name = `${k[lang]} (${k.id})`;
  return paint(name, k.colour ?? (k.type === 'support' ? 'white' : 'bold'), color);
}

function colourName(c: Colour | null, lang: Lang, color: boolean): string {
  if (c === null) return lang === 'fr' ? '—' : '—';
  return paint(COLOUR_NAMES[c][lang], c, color);
}

function seatLabel(seat: Seat, v: JoustView, lang: Lang): string {
  return joust.seatName(seat, v.players, lang);
}

function phaseLine(v: JoustView, tr: Tr, lang: Lang, color: boolean): string {
  const p = v.phase;
  const who = (s: Seat): string => seatLabel(s, v, lang);
  switch (p.kind) {
    case 'start':
      return tr(
        `${who(v.active)} doit choisir la couleur du tournoi.`,
        `${who(v.active)} must name the tournament's colour.`,
      );
    case 'turn':
      return tr(
        `Au tour de ${who(v.active)} (cartes jouées ce tour\u00a0: ${v.played}).`,
        `${who(v.active)} to play (cards played this turn: ${v.played}).`,
      );
    case 'response': {
      const card = cardLabel(p.card, lang, color);
      return [
        paint(tr('⚔ Fenêtre Lancelot', '⚔ Lancelot window'), 'bold', color),
        // The log above tells the card's aim in words; the notation is for typing, not reading.
        tr(`${who(p.seat)} joue ${card}.`, `${who(p.seat)} plays ${card}.`),
        tr(
          `Chaque joueur encore en lice répond «\u00a0pass\u00a0» ou «\u00a0lancelot\u00a0». En attente\u00a0: ${p.waiting.map(who).join(', ')}.`,
          `Every player still in answers "pass" or "lancelot". Waiting for: ${p.waiting.map(who).join(', ')}.`,
        ),
      ].join('\n');
    }
    case 'adapt':
      return tr(
        `Adaptation\u00a0: ${p.waiting.map(who).join(', ')} choisissent les cartes gardées («\u00a0keep 1 3 …\u00a0»).`,
        `Adapt: ${p.waiting.map(who).join(', ')} choose the cards they keep ("keep 1 3 …").`,
      );
    case 'maiden':
      return tr(
        `${who(p.seat)} a abandonné avec une dame\u00a0: rend un jeton («\u00a0token <couleur>\u00a0»).`,
        `${who(p.seat)} withdrew with a maiden: returns a token ("token <colour>").`,
      );
    case 'purple':
      return tr(
        `${who(p.seat)} gagne un tournoi violet\u00a0: choisit un jeton («\u00a0token <couleur>\u00a0»).`,
        `${who(p.seat)} won a purple tournament: chooses a token ("token <colour>").`,
      );
    case 'over':
      return paint(tr(`${who(p.winner)} gagne la partie\u00a0!`, `${who(p.winner)} wins the game!`), 'bold', color);
  }
}

/** Draws one seat's view: never reads the state, so nothing hidden can reach the screen. */
export function renderJoust(raw: unknown, options: RenderOptions): string {
  const v = raw as JoustView;
  const { lang, color } = options;
  const tr: Tr = (fr, en) => (lang === 'fr' ? fr : en);
  const lines: string[] = [];
  lines.push(
    paint(tr(`Tournoi ${v.tournament}`, `Tournament ${v.tournament}`), 'bold', color) +
      ` — ${tr('couleur', 'colour')} : ${colourName(v.colour, lang, color)}` +
      (v.previousColour ? ` (${tr('précédent', 'previous')} : ${colourName(v.previousColour, lang, color)})` : '') +
      ` — ${tr('talon', 'deck')} : ${v.deckSize} — ${tr('défausse', 'discard')} : ${v.discard.length}` +
      ` — ${tr(`${v.tokensToWin} couleurs pour gagner`, `${v.tokensToWin} colours to win`)}`,
  );
  if (v.discard.length > 0) {
    lines.push(
      `${tr('Dessus de la défausse', 'Top of the discard pile')} : ${cardLabel(v.discard[v.discard.length - 1]!, lang, color)}`,
    );
  }
  lines.push('');
  v.seats.forEach((sv, seat) => {
    const marks = [
      seat === v.active && (v.phase.kind === 'turn' || v.phase.kind === 'start') ? '▶' : ' ',
      seat === v.dealer ? tr('donneur', 'dealer') : '',
      !sv.inTournament ? paint(tr('abandonné', 'withdrawn'), 'dim', color) : '',
      sv.shield ? paint(tr('[Bouclier]', '[Shield]'), 'bold', color) : '',
      sv.stunned ? paint(tr('[Assommé]', '[Stunned]'), 'bold', color) : '',
    ].filter((m) => m !== '');
    const tokens =
      sv.tokens.length > 0 ? sv.tokens.map((c) => paint('●', c, color) + (color ? '' : c[0])).join(' ') : '—';
    lines.push(
      `${marks[0]} ${seatLabel(seat, v, lang)}${seat === options.viewer ? tr(' (vous)', ' (you)') : ''}  ${tr('main', 'hand')} : ${sv.handSize}  ${tr('jetons', 'tokens')} : ${tokens}  ${marks.slice(1).join(' ')}`,
    );
    const display = sv.display.map((id, i) => `${i + 1}.${cardLabel(id, lang, color)}`).join('  ');
    lines.push(`    ${tr('personnage', 'display')} [${sv.total}] : ${display || '—'}`);
  });
  if (v.revealed) {
    lines.push('');
    lines.push(
      tr(
        `${seatLabel(v.revealed.seat, v, lang)} a montré sa main\u00a0:`,
        `${seatLabel(v.revealed.seat, v, lang)} showed their hand:`,
      ) + ` ${v.revealed.cards.map((c) => cardLabel(c, lang, color)).join(', ')}`,
    );
  }
  lines.push('');
  lines.push(phaseLine(v, tr, lang, color));
  if (v.me) {
    lines.push('');
    lines.push(
      paint(tr('Votre main', 'Your hand'), 'bold', color) +
        ` (${v.me.hand.length}) :` +
        (v.me.hand.length > 0 ? tr(' «\u00a0play 1\u00a0» joue la carte 1', ' "play 1" plays card 1') : ''),
    );
    v.me.hand.forEach((id, i) => lines.push(`  ${String(i + 1).padStart(2)}. ${cardLabel(id, lang, color)}`));
    if (v.me.knock) {
      const k = v.me.knock;
      lines.push(
        k.to === v.me.seat
          ? tr(
              `Chute\u00a0: vous avez pris ${cardLabel(k.card, lang, color)} à ${seatLabel(k.from, v, lang)}.`,
              `Knock Down: you took ${cardLabel(k.card, lang, color)} from ${seatLabel(k.from, v, lang)}.`,
            )
          : tr(
              `Chute\u00a0: ${seatLabel(k.to, v, lang)} vous a pris ${cardLabel(k.card, lang, color)}.`,
              `Knock Down: ${seatLabel(k.to, v, lang)} took ${cardLabel(k.card, lang, color)} from you.`,
            ),
      );
    }
    if (v.me.lancelot)
      lines.push(
        tr(
          'Vous avez répondu Lancelot\u00a0: la carte sera annulée à la fermeture de la fenêtre.',
          'You answered Lancelot: the card is cancelled when the window closes.',
        ),
      );
  }
  if (options.lastMove) lines.push(paint(`${tr('Dernier coup', 'Last move')} : ${options.lastMove}`, 'dim', color));
  return punctuate(lines.join('\n'), lang);
}

function describeCard(word: string, lang: Lang): string | null {
  const id = KIND_ALIASES.get(slug(word));
  const k = KINDS.find((x) => x.id === id);
  if (!k) return null;
  const value = k.type === 'action' ? '' : ` — ${lang === 'fr' ? 'valeur' : 'value'} ${k.value}`;
  const text = k.text
    ? ` — ${k.text[lang]}`
    : k.type === 'support'
      ? lang === 'fr'
        ? ' — carte de soutien, toute couleur'
        : ' — support card, any colour'
      : '';
  return `${k[lang]} (${k.id}) ×${k.count}${value}${text}`;
}

/** "play 7", "jouer 7" or "7": a card named by its number in the hand as drawn. */
const HAND_NUMBER = /^(?:(?:play|jouer|joue)\s+)?(\d+)((?:\s+\S+)*)$/i;

export const joustAdapter: TerminalAdapter = {
  gameId: 'joust',
  render: (view, options) => typeset(renderJoust(view, options), options.lang),
  privacyScreen: true,
  commands: [
    {
      usage: 'card <id>',
      help: {
        en: 'what a card does (e.g. "card riposte")',
        fr: 'ce que fait une carte (ex. «\u00a0carte riposte\u00a0»)',
      },
    },
    {
      usage: 'cards',
      help: { en: 'every action card and its effect', fr: 'toutes les cartes d’action et leur effet' },
    },
  ],
  describeReason(reason: string, lang: Lang): string | undefined {
    if (reason !== 'tokens') return undefined;
    return lang === 'fr'
      ? 'a réuni des jetons de toutes les couleurs demandées'
      : 'collected tokens of every colour needed';
  },
  translateMove(line: string, context: CommandContext): string | null {
    // The hand is numbered on screen: "play 7" (or "7") plays the seventh card shown.
    const m = HAND_NUMBER.exec(line.trim());
    const hand = (context.view as JoustView).me?.hand;
    const card = m && hand ? hand[Number(m[1]) - 1] : undefined;
    return card === undefined ? null : `play ${kindOfId(card)?.id ?? card}${m?.[2] ?? ''}`;
  },
  command(line: string, context: CommandContext): string | null {
    const { options } = context;
    const numbered = HAND_NUMBER.exec(line.trim());
    const hand = (context.view as JoustView).me?.hand ?? [];
    if (numbered && (Number(numbered[1]) < 1 || Number(numbered[1]) > hand.length)) {
      const n = numbered[1] as string;
      return options.lang === 'fr'
        ? `Pas de carte ${n} dans votre main\u00a0: elle est numérotée de 1 à ${hand.length}.`
        : `There is no card ${n} in your hand: it is numbered 1 to ${hand.length}.`;
    }
    const [head, ...rest] = line.trim().split(/\s+/);
    if (head === 'cards') {
      return KINDS.filter((k) => k.type === 'action')
        .map((k) => describeCard(k.id, options.lang)!)
        .join('\n');
    }
    if (head === 'card' && rest.length === 1) {
      return (
        describeCard(rest[0]!, options.lang) ??
        (options.lang === 'fr' ? `Carte inconnue\u00a0: ${rest[0]!}` : `Unknown card: ${rest[0]!}`)
      );
    }
    return null;
  },
};
