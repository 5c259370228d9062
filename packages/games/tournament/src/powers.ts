/**
 * Heroes, legends and godsends as data (seed 001: 8 HÉROS, 8 LÉGENDES, 24 FAVEURS DIVINES). Their printed texts
 * are not public (research §5): every card is a record with its name, threshold and an effect from the small
 * vocabulary below, and `house: true` when its text is a Round Table house card ("carte maison"), themed on
 * the name and kept modest. Known names and the one known threshold (Lancelot 150) are kept.
 */

/**
 * The effect vocabulary. Active effects are used with a move (`use <id> …`) by their holder, when it is that
 * seat's turn to play a card in a combat; passive ones apply by themselves while the card is active.
 * - `adjust`: the next card you play this combat has its value changed by ±1..max (`sign`), or by exactly max;
 * - `heal`: regain `amount` life now (never above the starting life);
 * - `peek`: look at an opponent's hand (only you see it);
 * - `exchange`: an opponent gives you a card of their choice, then you give them one of yours (both face up);
 * - `redraw`: draw the top card of the weapon pile, then discard a card of your choice face up;
 * - `ward`: this round, the wounds of one suit in your own pile are halved;
 * - `curse`: this round, the wounds of one suit in an opponent's pile are doubled (never more than doubled);
 * - `transfer`: this round, the wounds of one suit in your pile are taken by an opponent instead;
 * - `alchemy-free` (passive): you may play and lead Alchimie even when you could follow;
 * - `no-dishonour` (passive): a déshonneur costs you no wounds (you are still out of the combat);
 * - `poison-proof` (passive): poisoned cards in your pile wound you as standard cards (5);
 * - `regen` (passive): at the end of each round, after the wounds, regain `amount` life.
 */
export type Effect =
  | { readonly kind: 'adjust'; readonly max: number; readonly sign: '+' | '-' | '±'; readonly exact?: boolean }
  | { readonly kind: 'heal'; readonly amount: number }
  | { readonly kind: 'peek' }
  | { readonly kind: 'exchange' }
  | { readonly kind: 'redraw' }
  | { readonly kind: 'ward' }
  | { readonly kind: 'curse' }
  | { readonly kind: 'transfer' }
  | { readonly kind: 'alchemy-free' }
  | { readonly kind: 'no-dishonour' }
  | { readonly kind: 'poison-proof' }
  | { readonly kind: 'regen'; readonly amount: number };

export type EffectKind = Effect['kind'];
export const PASSIVE: ReadonlySet<EffectKind> = new Set(['alchemy-free', 'no-dishonour', 'poison-proof', 'regen']);
export function isActive(effect: Effect): boolean {
  return !PASSIVE.has(effect.kind);
}
/** What an active effect's move needs besides the power: a target seat, a suit, a value change. */
export function needsTarget(e: Effect): boolean {
  return e.kind === 'peek' || e.kind === 'exchange' || e.kind === 'curse' || e.kind === 'transfer';
}
export function needsSuit(e: Effect): boolean {
  return e.kind === 'ward' || e.kind === 'curse' || e.kind === 'transfer';
}

export type PowerType = 'hero' | 'legend' | 'godsend';

export interface PowerCard {
  /** Short id used in the notation (`use arthur +3`). Unique over heroes, legends and godsends. */
  readonly id: string;
  readonly type: PowerType;
  readonly fr: string;
  readonly en: string;
  readonly effect: Effect;
  /** True when the text is a Round Table house card (the printed one is not public). */
  readonly house: boolean;
  /** Where the name (and threshold) come from. */
  readonly provenance: string;
  /** Heroes: their legend's id. */
  readonly legend?: string;
  /** Legends: life at or below which the legend wakes (null: active from the start). */
  readonly threshold?: number | null;
  /** Godsends: how many times the card can be used in its round (Volonté divine cards: 3, tracked by tokens). */
  readonly uses?: number;
  readonly divineWill?: boolean;
}

const HOUSE = 'carte maison (Round Table): name invented, text invented';
const NAMED = (source: string): string => `name: ${source}; text: carte maison (Round Table)`;

function hero(id: string, fr: string, en: string, legend: string, effect: Effect, provenance: string): PowerCard {
  return { id, type: 'hero', fr, en, legend, effect, house: true, provenance };
}
function legend(
  id: string,
  fr: string,
  en: string,
  threshold: number | null,
  effect: Effect,
  provenance: string,
): PowerCard {
  return { id, type: 'legend', fr, en, threshold, effect, house: true, provenance };
}
function godsend(id: string, fr: string, en: string, effect: Effect, divineWill = false): PowerCard {
  return {
    id,
    type: 'godsend',
    fr,
    en,
    effect,
    house: true,
    provenance: HOUSE,
    uses: divineWill ? 3 : 1,
    ...(divineWill ? { divineWill } : {}),
  };
}

/** The 8 heroes (seed 001: each has one legend, "bordure identique"). Exported so an arena can deal them. */
export const HEROES: readonly PowerCard[] = [
  // seed 001: "Le ROI ARTHUR commence toujours la partie avec un jeton +3".
  hero(
    'arthur',
    'Roi Arthur',
    'King Arthur',
    'excalibur',
    { kind: 'adjust', max: 3, sign: '+', exact: true },
    NAMED('seed 001 (Roi Arthur, jeton +3)'),
  ),
  // Balance (BALANCE.md): a peek was worth nothing at the table (13% of wins at 25% fair); the queen's ward is.
  hero(
    'guenievre',
    'Guenièvre',
    'Guinevere',
    'lancelot',
    { kind: 'ward' },
    NAMED('seed 001 (Guenièvre over Lancelot)'),
  ),
  hero(
    'gauvain',
    'Sire Gauvain',
    'Sir Gawain',
    'echarpe-verte',
    { kind: 'no-dishonour' },
    NAMED("seed 001 (Sire Gauvain, L'Écharpe verte)"),
  ),
  hero(
    'mordred',
    'Mordred',
    'Mordred',
    'camlann',
    { kind: 'curse' },
    NAMED('reviews (aumeeplereporter.fr, notesfromthefallen)'),
  ),
  hero('perceval', 'Perceval', 'Percival', 'graal', { kind: 'redraw' }, HOUSE),
  hero(
    'tristan',
    'Tristan',
    'Tristan',
    'iseult',
    { kind: 'exchange' },
    NAMED('gusandco.net (Tristan et Iseult among the legends)'),
  ),
  hero('galaad', 'Galaad', 'Galahad', 'siege-perilleux', { kind: 'poison-proof' }, HOUSE),
  hero('yvain', 'Yvain', 'Yvain', 'broceliande', { kind: 'alchemy-free' }, HOUSE),
];

/** The 8 legends, each behind its hero. Thresholds: Lancelot 150 (seed), Green Sash none (seed), others house. */
export const LEGENDS: readonly PowerCard[] = [
  // Balance (BALANCE.md): Excalibur wakes at 250 (was 200), Lancelot changes a card by up to 3 (was 2).
  legend(
    'excalibur',
    'Excalibur',
    'Excalibur',
    250,
    { kind: 'adjust', max: 3, sign: '±' },
    NAMED('notesfromthefallen (companion Excalibur); threshold: carte maison'),
  ),
  legend(
    'lancelot',
    'Lancelot',
    'Lancelot',
    150,
    { kind: 'adjust', max: 3, sign: '±' },
    NAMED('seed 001 (Lancelot, seuil 150)'),
  ),
  legend(
    'echarpe-verte',
    'L’Écharpe verte',
    'The Green Sash',
    null,
    { kind: 'regen', amount: 10 },
    NAMED("seed 001 (L'Écharpe verte, no threshold)"),
  ),
  legend('camlann', 'Camlann', 'Camlann', 150, { kind: 'transfer' }, HOUSE),
  // Balance (BALANCE.md): the Grail healed 30 a round from 200 and made Perceval win 1.7× his share; now 15 from 150.
  legend('graal', 'Le Graal', 'The Grail', 150, { kind: 'heal', amount: 15 }, HOUSE),
  // Balance (BALANCE.md): Isolde the healer (she cures Tristan in the legend) instead of a second peek.
  legend(
    'iseult',
    'Iseult',
    'Isolde',
    200,
    { kind: 'heal', amount: 20 },
    NAMED('gusandco.net (Tristan et Iseult); threshold: carte maison'),
  ),
  legend('siege-perilleux', 'Le Siège périlleux', 'The Siege Perilous', 150, { kind: 'redraw' }, HOUSE),
  legend(
    'broceliande',
    'La forêt de Brocéliande',
    'Brocéliande Forest',
    250,
    { kind: 'ward' },
    NAMED('gusandco.net (la forêt de Brocéliande); threshold: carte maison'),
  ),
];

/** The 24 godsends (faveurs divines), all house cards. Two are Volonté divine cards with 3 uses. */
export const GODSENDS: readonly PowerCard[] = [
  godsend('onction', 'Onction', 'Anointing', { kind: 'heal', amount: 20 }),
  godsend('eau-benite', 'Eau bénite', 'Holy Water', { kind: 'heal', amount: 25 }),
  godsend('priere', 'Prière de l’ermite', "Hermit's Prayer", { kind: 'heal', amount: 30 }),
  godsend('baume', 'Baume', 'Balm', { kind: 'heal', amount: 15 }),
  godsend('regard', 'Regard de la Dame', "The Lady's Gaze", { kind: 'peek' }),
  godsend('songe', 'Songe prophétique', 'Prophetic Dream', { kind: 'peek' }),
  godsend('courtoisie', 'Échange courtois', 'Courteous Exchange', { kind: 'exchange' }),
  godsend('troc', 'Troc du pèlerin', "Pilgrim's Barter", { kind: 'exchange' }),
  godsend('chance', 'Coup de chance', 'Stroke of Luck', { kind: 'redraw' }),
  godsend('souffle', 'Second souffle', 'Second Wind', { kind: 'redraw' }),
  godsend('main-de-dieu', 'Main de Dieu', 'Hand of God', { kind: 'adjust', max: 3, sign: '±' }),
  godsend('elan', 'Élan', 'Momentum', { kind: 'adjust', max: 2, sign: '+' }),
  godsend('repli', 'Repli', 'Fall Back', { kind: 'adjust', max: 2, sign: '-' }),
  godsend('armure', 'Armure bénie', 'Blessed Armour', { kind: 'ward' }),
  godsend('bouclier', 'Bouclier de foi', 'Shield of Faith', { kind: 'ward' }),
  godsend('antidote', 'Antidote', 'Antidote', { kind: 'poison-proof' }),
  godsend('grace', 'Grâce', 'Grace', { kind: 'no-dishonour' }),
  godsend('malediction', 'Malédiction', 'Curse', { kind: 'curse' }),
  godsend('mauvais-oeil', 'Mauvais œil', 'Evil Eye', { kind: 'curse' }),
  godsend('bouc-emissaire', 'Bouc émissaire', 'Scapegoat', { kind: 'transfer' }),
  godsend('pierre', 'Pierre philosophale', "Philosopher's Stone", { kind: 'alchemy-free' }),
  godsend('repit', 'Répit', 'Respite', { kind: 'regen', amount: 20 }),
  godsend(
    'volonte-force',
    'Volonté divine\u00a0: force',
    'Divine Will: Strength',
    { kind: 'adjust', max: 1, sign: '±' },
    true,
  ),
  godsend('volonte-soin', 'Volonté divine\u00a0: soin', 'Divine Will: Healing', { kind: 'heal', amount: 10 }, true),
];

export const HERO_IDS: readonly string[] = HEROES.map((h) => h.id);
export const GODSEND_COUNT = GODSENDS.length;
/** seed 001, "AUTRES JETONS": three Volonté divine tokens. */
export const DIVINE_WILL_TOKENS = 3;

export const POWERS: readonly PowerCard[] = [...HEROES, ...LEGENDS, ...GODSENDS];
export const POWER_BY_ID: ReadonlyMap<string, PowerCard> = new Map(POWERS.map((p) => [p.id, p]));
export const GODSEND_INDEX: ReadonlyMap<string, number> = new Map(GODSENDS.map((g, i) => [g.id, i]));

export function heroById(id: string): PowerCard | undefined {
  const p = POWER_BY_ID.get(id);
  return p && p.type === 'hero' ? p : undefined;
}
export function legendOf(heroId: string): PowerCard {
  const h = heroById(heroId);
  const l = h?.legend === undefined ? undefined : POWER_BY_ID.get(h.legend);
  if (!l) throw new Error(`no legend for ${heroId}`);
  return l;
}

/** The card's effect in a sentence, for the rules reference and the terminal. */
export function effectText(e: Effect, lang: 'fr' | 'en'): string {
  const fr = lang === 'fr';
  switch (e.kind) {
    case 'adjust': {
      const range = e.exact
        ? `${e.sign}${e.max}`
        : e.sign === '±'
          ? `±1 à ±${e.max}`
          : `${e.sign}1 à ${e.sign}${e.max}`;
      const rangeEn = e.exact
        ? `${e.sign}${e.max}`
        : e.sign === '±'
          ? `±1 to ±${e.max}`
          : `${e.sign}1 to ${e.sign}${e.max}`;
      return fr
        ? `La prochaine carte que vous jouez dans ce combat change de valeur (${range}).`
        : `The next card you play this combat changes value (${rangeEn}).`;
    }
    case 'heal':
      return fr ? `Regagnez ${e.amount} points de vie.` : `Regain ${e.amount} life.`;
    case 'peek':
      return fr ? 'Regardez la main d’un adversaire.' : "Look at an opponent's hand.";
    case 'exchange':
      return fr
        ? 'Un adversaire vous donne une carte de son choix, puis vous lui en donnez une (faces visibles).'
        : 'An opponent gives you a card of their choice, then you give them one (face up).';
    case 'redraw':
      return fr
        ? 'Piochez une carte Armes, puis défaussez une carte de votre choix, face visible.'
        : 'Draw a weapon card, then discard a card of your choice face up.';
    case 'ward':
      return fr
        ? 'Cette manche, les blessures d’une suite dans votre pile sont divisées par deux.'
        : 'This round, the wounds of one suit in your pile are halved.';
    case 'curse':
      return fr
        ? 'Cette manche, les blessures d’une suite dans la pile d’un adversaire sont doublées.'
        : "This round, the wounds of one suit in an opponent's pile are doubled.";
    case 'transfer':
      return fr
        ? 'Cette manche, les blessures d’une suite de votre pile sont subies par un adversaire.'
        : 'This round, the wounds of one suit in your pile are taken by an opponent.';
    case 'alchemy-free':
      return fr
        ? 'Vous pouvez jouer et entamer avec l’Alchimie même si vous pouvez suivre.'
        : 'You may play and lead Alchemy even when you could follow.';
    case 'no-dishonour':
      return fr ? 'Le déshonneur ne vous inflige aucune blessure.' : 'Dishonour costs you no wounds.';
    case 'poison-proof':
      return fr
        ? 'Les cartes poison de votre pile ne vous infligent que 5 blessures.'
        : 'Poisoned cards in your pile wound you for 5 only.';
    case 'regen':
      return fr
        ? `À la fin de chaque manche, regagnez ${e.amount} points de vie.`
        : `At the end of each round, regain ${e.amount} life.`;
  }
}

/** When the power can be used, in a sentence. */
export function usageText(p: PowerCard, lang: 'fr' | 'en'): string {
  const fr = lang === 'fr';
  if (!isActive(p.effect)) return fr ? 'Permanent.' : 'Always on.';
  if (p.type === 'godsend') {
    return p.divineWill
      ? fr
        ? 'Trois fois dans la manche (jetons Volonté divine), à votre tour de jouer.'
        : 'Three times in the round (Divine Will tokens), on your turn to play.'
      : fr
        ? 'Une fois dans la manche, à votre tour de jouer.'
        : 'Once in the round, on your turn to play.';
  }
  return fr ? 'Une fois par manche, à votre tour de jouer.' : 'Once per round, on your turn to play.';
}
