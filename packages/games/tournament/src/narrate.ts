/**
 * The log in words for Le Tournoi de Camelot: what a viewer learns between two of its own views. Hands and the
 * piles are secret (seed 001); cards played, wound piles, life, godsends in front of the knights are on the
 * table. A card given face down, drawn or looked at is told only to the seat that knows it (`private`).
 */
import { countText, listText, type Lang, type LogEntry, type NarrationInput, type Seat } from '@roundtable/core';
import { CARD_BY_ID, KIND, POISONED, SUIT, SUIT_NAMES, VALUE, WOUNDS, type Suit } from './cards.ts';
import { POWER_BY_ID } from './powers.ts';
import type { PlayView, TournamentView } from './view.ts';

/** "the 11 of Swords", "le 11 d'Épées", "Alchemy 3", "Merlin". */
export function cardPhrase(id: string, lang: Lang): string {
  const c = CARD_BY_ID.get(id);
  if (c === undefined) return id;
  switch (KIND[c]!) {
    case 'basic':
      return `${suitPhrase(SUIT[c]!, VALUE[c]!, lang)}${POISONED[c] ? (lang === 'fr' ? ' (empoisonné)' : ' (poisoned)') : ''}`;
    case 'alchemy':
      return lang === 'fr' ? `l’Alchimie ${VALUE[c]}` : `Alchemy ${VALUE[c]}`;
    case 'merlin':
      return 'Merlin';
    case 'apprenti':
      return lang === 'fr' ? 'l’Apprenti' : 'the Apprentice';
  }
}

function suitPhrase(suit: Suit, value: number, lang: Lang): string {
  if (lang === 'en') return `the ${value} of ${SUIT_NAMES[suit].en}`;
  const name = SUIT_NAMES[suit].fr;
  return `le ${value} ${/^[AEIOUÉ]/.test(name) ? "d'" : 'de '}${name}`;
}

const power = (id: string, lang: Lang): string => POWER_BY_ID.get(id)?.[lang] ?? id;

export function narrate(before: TournamentView | null, after: TournamentView, input: NarrationInput): LogEntry[] {
  const { lang } = input;
  const tr = (fr: string, en: string) => (lang === 'fr' ? fr : en);
  const who = (v: TournamentView, seat: Seat): string => {
    const hero = v.seats[seat]?.hero;
    return hero ? `${power(hero, lang)} (${input.name(seat)})` : input.name(seat);
  };
  const basis = before ?? after;
  const name = (seat: Seat) => who(after, seat);
  const group =
    basis.phase.kind === 'hero'
      ? tr('Choix des héros', 'Choosing heroes')
      : basis.phase.kind === 'godsend'
        ? tr(
            `Fin de la manche ${basis.lastRound?.round ?? basis.round} — faveurs divines`,
            `End of round ${basis.lastRound?.round ?? basis.round} — godsends`,
          )
        : tr(
            `Combat ${basis.combat.number} de la manche ${basis.round}`,
            `Combat ${basis.combat.number} of round ${basis.round}`,
          );
  const out: LogEntry[] = [];
  const event = (text: string, refs?: readonly string[], g = group) =>
    out.push({ text, group: g, kind: 'event', ...(refs && refs.length > 0 ? { refs } : {}) });
  const act = (seat: Seat, text: string, refs?: readonly string[]) =>
    out.push({ text, group, kind: 'move', seat, ...(refs && refs.length > 0 ? { refs } : {}) });
  const secret = (text: string) => out.push({ text, group, kind: 'event', private: true });
  const card = (id: string) => cardPhrase(id, lang);
  const me = after.me;

  if (before === null) {
    event(
      tr(
        `Manche ${after.round}\u00a0: ${input.name(after.dealer)} distribue.`,
        `Round ${after.round}: ${input.name(after.dealer)} deals.`,
      ),
    );
    if (me && me.hand.length > 0)
      secret(
        tr(
          `Votre main\u00a0: ${listText(me.hand.map(card), lang)}.`,
          `Your hand: ${listText(me.hand.map(card), lang)}.`,
        ),
      );
    return out;
  }
  // Heroes chosen.
  after.seats.forEach((sv, i) => {
    if (sv.hero && !before.seats[i]!.hero)
      act(
        i,
        tr(
          `${input.name(i)} prend le héros ${power(sv.hero, lang)}.`,
          `${input.name(i)} takes the hero ${power(sv.hero, lang)}.`,
        ),
      );
  });

  // Powers used: hero and legend powers, godsends (their uses drop or they leave).
  after.seats.forEach((sv, i) => {
    const was = before.seats[i]!;
    const used = sv.used.filter((u) => !was.used.includes(u));
    const spent = was.godsends.filter((g) => {
      const now = sv.godsends.find((x) => x.id === g.id);
      return now === undefined ? before.phase.kind !== 'godsend' && after.round === before.round : now.uses < g.uses;
    });
    const names = [...new Set([...used, ...spent.map((g) => g.id)])];
    for (const id of names) {
      const adj = after.adjust && after.adjust.seat === i && after.adjust.power === id ? after.adjust.by : null;
      const target = after.effects.find(
        (e) => e.by === i && !before.effects.some((b) => JSON.stringify(b) === JSON.stringify(e)),
      );
      let how = '';
      if (adj !== null)
        how = tr(
          `\u00a0: sa prochaine carte vaudra ${adj > 0 ? '+' : ''}${adj}`,
          `: their next card counts ${adj > 0 ? '+' : ''}${adj}`,
        );
      else if (target) {
        const suit = SUIT_NAMES[target.suit][lang];
        how =
          target.kind === 'ward'
            ? tr(`\u00a0: à l’abri des ${suit} cette manche`, `: warded against ${suit} this round`)
            : target.kind === 'curse'
              ? tr(` contre ${name(target.target)}\u00a0: ${suit}`, ` against ${name(target.target)}: ${suit}`)
              : tr(
                  `\u00a0: ${name(target.target)} prendra ses blessures de ${suit}`,
                  `: ${name(target.target)} takes their ${suit} wounds`,
                );
      }
      const kind = POWER_BY_ID.get(id)?.type;
      const what =
        kind === 'godsend'
          ? power(id, lang)
          : tr(`le pouvoir de ${power(id, lang)}`, `the power of ${power(id, lang)}`);
      act(i, tr(`${name(i)} utilise ${what}${how}.`, `${name(i)} uses ${what}${how}.`));
    }
  });

  // Exchanges: who gives to whom; a card given face up is named.
  const bp = before.phase;
  const ap = after.phase;
  if (bp.kind === 'exchange') {
    const giver = bp.step === 'give' ? bp.target : bp.user;
    const taker = bp.step === 'give' ? bp.user : bp.target;
    const shown = after.seats[taker]!.shown.filter((id) => !before.seats[taker]!.shown.includes(id));
    if (shown.length > 0)
      act(
        giver,
        tr(
          `${name(giver)} donne ${listText(shown.map(card), lang)} à ${name(taker)}, face visible.`,
          `${name(giver)} gives ${listText(shown.map(card), lang)} to ${name(taker)}, face up.`,
        ),
        shown,
      );
    else
      act(
        giver,
        tr(`${name(giver)} donne une carte à ${name(taker)}.`, `${name(giver)} gives a card to ${name(taker)}.`),
      );
  }
  if (bp.kind === 'redraw') {
    const thrown = after.discard.filter((id) => !before.discard.includes(id));
    if (thrown.length > 0)
      act(
        bp.user,
        tr(
          `${name(bp.user)} défausse ${listText(thrown.map(card), lang)}.`,
          `${name(bp.user)} discards ${listText(thrown.map(card), lang)}.`,
        ),
        thrown,
      );
  }
  if (ap.kind === 'redraw' && bp.kind !== 'redraw')
    event(tr(`${name(ap.user)} pioche une carte.`, `${name(ap.user)} draws a card.`));

  // Cards played in this combat (the last one closes it and goes with it to `lastCombat`).
  const combatClosed =
    JSON.stringify(after.lastCombat) !== JSON.stringify(before.lastCombat) && after.lastCombat !== null;
  const playsNow: readonly PlayView[] = combatClosed
    ? after.lastCombat!.plays
    : after.combat.number === before.combat.number
      ? after.combat.plays
      : [];
  for (const p of playsNow.slice(before.combat.plays.length)) {
    const c = CARD_BY_ID.get(p.card);
    const joker = c !== undefined && (KIND[c] === 'merlin' || KIND[c] === 'apprenti');
    const as =
      joker && p.suit
        ? tr(
            `, annoncé comme ${suitPhrase(p.suit, p.value - p.adjust, 'fr')}`,
            `, declared as ${suitPhrase(p.suit, p.value - p.adjust, 'en')}`,
          )
        : '';
    const adj =
      p.adjust !== 0
        ? tr(
            ` (${p.adjust > 0 ? '+' : ''}${p.adjust}, soit ${p.value})`,
            ` (${p.adjust > 0 ? '+' : ''}${p.adjust}, so ${p.value})`,
          )
        : '';
    act(
      p.seat,
      tr(`${name(p.seat)} joue ${card(p.card)}${as}${adj}.`, `${name(p.seat)} plays ${card(p.card)}${as}${adj}.`),
      [p.card],
    );
  }
  const outBefore = before.combat.number === after.combat.number ? before.combat.out.length : 0;
  for (const o of after.combat.number === before.combat.number ? after.combat.out.slice(outBefore) : []) {
    act(
      o.seat,
      tr(
        `${name(o.seat)} ne peut pas fournir et défausse ${card(o.card)}\u00a0: déshonneur.`,
        `${name(o.seat)} cannot follow and discards ${card(o.card)}: dishonour.`,
      ),
      [o.card],
    );
  }
  if (combatClosed) {
    const lc = after.lastCombat!;
    if (lc.loser === null)
      event(
        tr(
          'Toutes les cartes sont feintées\u00a0: personne ne perd ce combat.',
          'Every card is feinted: nobody loses this combat.',
        ),
      );
    else {
      const l = lc.loser;
      const w = woundsOf(lc.cards);
      const pile =
        after.round === before.round && JSON.stringify(after.lastRound) === JSON.stringify(before.lastRound)
          ? after.seats[l]!.pileWounds
          : null;
      const total = pile === null ? '' : tr(` (pile\u00a0: ${pile} blessures)`, ` (pile: ${pile} wounds)`);
      event(
        tr(
          `${name(l)} perd le combat et prend ${countText(lc.cards.length, 'carte', 'cartes', 'fr')}\u00a0: ${w} blessures${total}.`,
          `${name(l)} loses the combat and takes ${countText(lc.cards.length, 'card', 'cards', 'en')}: ${w} wounds${total}.`,
        ),
        [`seat:${l}`],
      );
    }
    if (lc.feinted.length > 0)
      event(
        tr(
          `Feintées\u00a0: ${listText(lc.feinted.map(card), lang)}.`,
          `Feinted: ${listText(lc.feinted.map(card), lang)}.`,
        ),
        lc.feinted,
      );
  }

  // The end of a round: wounds, healing, legends waking.
  if (after.lastRound && JSON.stringify(after.lastRound) !== JSON.stringify(before.lastRound)) {
    const r = after.lastRound;
    const g = tr(`Fin de la manche ${r.round}`, `End of round ${r.round}`);
    r.wounds.forEach((w, i) => {
      const d = r.dishonour[i]!;
      const dishonour = d > 0 ? tr(` dont ${d} de déshonneur`, `, ${d} of them for dishonour`) : '';
      const left = r.life[i]! - r.healed[i]!;
      const fate =
        left > 0 ? tr(`\u00a0: il reste ${left} points de vie`, `: ${left} life left`) : tr(' et tombe', ' and falls');
      if (w === 0)
        event(
          tr(`${name(i)} n’a aucune blessure (${left} points de vie).`, `${name(i)} takes no wounds (${left} life).`),
          [`seat:${i}`],
          g,
        );
      else
        event(
          tr(
            `${name(i)} subit ${countText(w, 'blessure', 'blessures', 'fr')}${dishonour}${fate}.`,
            `${name(i)} takes ${countText(w, 'wound', 'wounds', 'en')}${dishonour}${fate}.`,
          ),
          [`seat:${i}`],
          g,
        );
    });
    r.healed.forEach((h, i) => {
      if (h > 0)
        event(
          tr(`${name(i)} regagne ${h} points de vie (${r.life[i]}).`, `${name(i)} heals ${h} life (${r.life[i]}).`),
          [`seat:${i}`],
          g,
        );
    });
    for (const i of r.legends) {
      const legend = after.seats[i]!.legend;
      if (legend)
        event(
          tr(
            `La légende de ${name(i)} s’éveille\u00a0: ${power(legend, lang)}, active dès la manche suivante.`,
            `${name(i)}'s legend wakes: ${power(legend, lang)}, active from the next round.`,
          ),
          [`seat:${i}`],
          g,
        );
    }
  }

  // Life changed outside the end of a round (a healing godsend, say).
  if (after.lastRound === before.lastRound || JSON.stringify(after.lastRound) === JSON.stringify(before.lastRound)) {
    after.seats.forEach((sv, i) => {
      const d = sv.life - before.seats[i]!.life;
      if (d > 0)
        event(tr(`${name(i)} regagne ${d} points de vie (${sv.life}).`, `${name(i)} heals ${d} life (${sv.life}).`));
      if (d < 0)
        event(tr(`${name(i)} perd ${-d} points de vie (${sv.life}).`, `${name(i)} loses ${-d} life (${sv.life}).`));
    });
  }

  // Godsends taken between rounds: face-up ones and the one drawn are on the table, so named.
  if (bp.kind === 'godsend') {
    after.seats.forEach((sv, i) => {
      for (const g of sv.godsends.filter((x) => !before.seats[i]!.godsends.some((y) => y.id === x.id))) {
        const faceUp = bp.faceUp.includes(g.id);
        act(
          i,
          faceUp
            ? tr(
                `${name(i)} prend la faveur ${power(g.id, lang)}.`,
                `${name(i)} takes the godsend ${power(g.id, lang)}.`,
              )
            : tr(
                `${name(i)} pioche une faveur\u00a0: ${power(g.id, lang)}.`,
                `${name(i)} draws a godsend: ${power(g.id, lang)}.`,
              ),
        );
      }
    });
  }
  if (ap.kind !== 'godsend' && after.round > before.round && !after.outcome) {
    event(
      tr(
        `Manche ${after.round}\u00a0: ${input.name(after.dealer)} distribue.`,
        `Round ${after.round}: ${input.name(after.dealer)} deals.`,
      ),
    );
  }

  // What only this viewer learns: cards drawn or received, a hand looked at.
  if (me && before.me) {
    const got = me.hand.filter((id) => !before.me!.hand.includes(id));
    const gone = before.me.hand.filter(
      (id) =>
        !me.hand.includes(id) &&
        !after.discard.includes(id) &&
        !playsNow.some((p) => p.card === id) &&
        !after.combat.out.some((o) => o.card === id),
    );
    if (after.round !== before.round && got.length > 0)
      secret(
        tr(
          `Votre nouvelle main\u00a0: ${listText(me.hand.map(card), lang)}.`,
          `Your new hand: ${listText(me.hand.map(card), lang)}.`,
        ),
      );
    else if (got.length > 0 && ap.kind === 'redraw' && bp.kind !== 'redraw')
      secret(tr(`Vous piochez ${listText(got.map(card), lang)}.`, `You draw ${listText(got.map(card), lang)}.`));
    else if (got.length > 0)
      secret(tr(`Vous recevez ${listText(got.map(card), lang)}.`, `You receive ${listText(got.map(card), lang)}.`));
    if (after.round === before.round && gone.length > 0)
      secret(tr(`Vous donnez ${listText(gone.map(card), lang)}.`, `You give ${listText(gone.map(card), lang)}.`));
    for (const s of me.seen) {
      const old = before.me.seen.find((x) => x.owner === s.owner);
      if (!old && s.cards.length > 0)
        secret(
          tr(
            `Vous voyez la main de ${name(s.owner)}\u00a0: ${listText(s.cards.map(card), lang)}.`,
            `You see ${name(s.owner)}'s hand: ${listText(s.cards.map(card), lang)}.`,
          ),
        );
    }
  }

  if (after.outcome && !before.outcome) {
    const o = after.outcome;
    const life = o.scores?.[o.winners[0] ?? 0] ?? 0;
    const text =
      o.winners.length === 1
        ? tr(
            `${name(o.winners[0]!)} gagne le tournoi avec ${life} points de vie\u00a0!`,
            `${name(o.winners[0]!)} wins the tournament with ${life} life!`,
          )
        : tr(
            `${listText(o.winners.map(name), lang)} gagnent ensemble avec ${life} points de vie.`,
            `${listText(o.winners.map(name), lang)} share the win with ${life} life each.`,
          );
    out.push({ text, group: tr('Fin du tournoi', 'End of the tournament'), kind: 'outcome' });
  }
  return out;
}

/** The printed wounds of the cards taken in a combat. */
function woundsOf(ids: readonly string[]): number {
  let sum = 0;
  for (const id of ids) {
    const c = CARD_BY_ID.get(id);
    if (c !== undefined) sum += WOUNDS[c]!;
  }
  return sum;
}
