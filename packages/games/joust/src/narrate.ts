/**
 * The log in words for Camelot, le jeu de cartes (the jousting game): what a viewer learns between two of its own
 * views. Hands are secret (seed 000) and Chute's card is "sans la révéler aux autres joueurs": the sentences say
 * that a card was taken, and only the two seats concerned are told which (`private`).
 */
import { countText, listText, type Lang, type LogEntry, type NarrationInput, type Seat } from '@roundtable/core';
import { COLOUR_NAMES, KINDS, KIND_BY_ID, type Colour } from './cards.ts';
import type { PlayMove } from './types.ts';
import type { JoustView } from './view.ts';

const kindOf = (id: string) => KINDS[KIND_BY_ID.get(id.includes('.') ? id.slice(0, id.lastIndexOf('.')) : id) ?? -1];

/** A card's name from its id: `red-4.2` → "Red 4", `riposte.1` → "Riposte". */
export function cardName(id: string, lang: Lang): string {
  return kindOf(id)?.[lang] ?? id;
}

/** Cards in `a` not in `b`. */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = [...b];
  return a.filter((x) => {
    const i = left.indexOf(x);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

export function narrate(before: JoustView | null, after: JoustView, input: NarrationInput): LogEntry[] {
  const { lang } = input;
  const tr = (fr: string, en: string) => (lang === 'fr' ? fr : en);
  const name = input.name;
  const card = (id: string) => cardName(id, lang);
  const cards = (ids: readonly string[]) => listText(ids.map(card), lang);
  const colour = (c: Colour) => COLOUR_NAMES[c][lang];
  const basis = before ?? after;
  const shownColour = before && before.tournament === after.tournament ? (before.colour ?? after.colour) : basis.colour;
  const group = shownColour
    ? tr(
        `Tournoi ${basis.tournament} — ${colour(shownColour)}`,
        `Tournament ${basis.tournament} — ${colour(shownColour)}`,
      )
    : tr(`Tournoi ${basis.tournament}`, `Tournament ${basis.tournament}`);
  const out: LogEntry[] = [];
  const event = (text: string, refs?: readonly string[]) =>
    out.push({ text, group, kind: 'event', ...(refs && refs.length > 0 ? { refs } : {}) });
  const act = (seat: Seat, text: string, refs?: readonly string[]) =>
    out.push({ text, group, kind: 'move', seat, ...(refs && refs.length > 0 ? { refs } : {}) });
  const secret = (text: string) => out.push({ text, group, kind: 'event', private: true });
  const me = after.me;

  if (before === null) {
    event(
      tr(`Premier tournoi\u00a0: ${name(after.starter)} commence.`, `First tournament: ${name(after.starter)} starts.`),
    );
    if (me) secret(tr(`Votre main\u00a0: ${cards(me.hand)}.`, `Your hand: ${cards(me.hand)}.`));
    return out;
  }
  // Who acted, from the views alone, so that every viewer (the spectator included) tells it alike.
  const actor: Seat =
    before.toMove.length === 1
      ? before.toMove[0]!
      : (before.toMove.find((s) => !after.toMove.includes(s)) ?? before.active);
  const sameTournament = after.tournament === before.tournament;

  // The colour named, or a hand shown by a starter who cannot open (seed 000).
  if (sameTournament && before.colour === null && after.colour !== null) {
    act(
      actor,
      tr(
        `${name(actor)} ouvre le tournoi\u00a0: il sera ${colour(after.colour)}.`,
        `${name(actor)} opens the tournament: it will be ${colour(after.colour)}.`,
      ),
    );
  }
  if (after.revealed && JSON.stringify(after.revealed) !== JSON.stringify(before.revealed)) {
    const r = after.revealed;
    act(
      r.seat,
      tr(
        `${name(r.seat)} ne peut pas ouvrir et montre sa main\u00a0: ${cards(r.cards)}.`,
        `${name(r.seat)} cannot open and shows their hand: ${cards(r.cards)}.`,
      ),
      r.cards,
    );
  }

  // An action card played: what it asks, before anyone may answer with Ivanhoe.
  const bp = before.phase;
  const ap = after.phase;
  if (ap.kind === 'response' && !(bp.kind === 'response' && bp.card === ap.card)) {
    act(ap.seat, `${describeAction(ap.seat, ap.card, ap.move, name, lang)}`, [ap.card]);
    if (ap.waiting.length > 0)
      event(
        tr(
          `Chaque autre joueur encore en lice peut répondre par ${cardName('lancelot', lang)}.`,
          `Every other player still in may answer with ${cardName('lancelot', lang)}.`,
        ),
      );
  }
  if (bp.kind === 'response') {
    const closed = ap.kind !== 'response' || ap.card !== bp.card;
    const answered = bp.waiting.filter((s) => closed || (ap.kind === 'response' && !ap.waiting.includes(s)));
    for (const s of answered) act(s, tr(`${name(s)} a répondu.`, `${name(s)} has answered.`));
    if (closed) {
      const ivanhoe = minus(after.discard, before.discard).find((id) => kindOf(id)?.effect === 'lancelot');
      if (ivanhoe) {
        const who = after.seats.findIndex((sv, i) => sv.handSize < before.seats[i]!.handSize);
        const by = who >= 0 ? name(who) : tr('Un joueur', 'A player');
        event(
          tr(
            `${by} joue ${card(ivanhoe)}\u00a0: ${card(bp.card)} est annulé.`,
            `${by} plays ${card(ivanhoe)}: ${card(bp.card)} is cancelled.`,
          ),
          [ivanhoe, bp.card],
        );
      } else {
        event(
          tr(
            `Personne ne s’y oppose\u00a0: ${card(bp.card)} prend effet.`,
            `Nobody objects: ${card(bp.card)} takes effect.`,
          ),
          [bp.card],
        );
      }
    }
  }
  if (bp.kind !== 'response' && ap.kind !== 'response') {
    // An action card resolved at once (nobody left to answer): it went straight to the discard.
    const actions = minus(after.discard, before.discard).filter((id) => kindOf(id)?.type === 'action');
    const gone = before.seats[actor] && after.seats[actor]!.handSize < before.seats[actor]!.handSize;
    if (gone && sameTournament)
      for (const id of actions)
        act(actor, tr(`${name(actor)} joue ${card(id)}.`, `${name(actor)} plays ${card(id)}.`), [id]);
  }
  if (sameTournament && before.colour !== null && after.colour !== null && before.colour !== after.colour) {
    event(tr(`Le tournoi devient ${colour(after.colour)}.`, `The tournament becomes ${colour(after.colour)}.`));
  }

  // The tournament's winner, if it ended with this step (a purple one ends when the token is chosen).
  const winner =
    bp.kind === 'purple'
      ? null
      : ap.kind === 'purple'
        ? ap.seat
        : !sameTournament
          ? after.starter
          : ap.kind === 'over' && bp.kind !== 'over'
            ? ap.winner
            : null;

  // Displays: cards played, moved, discarded, taken back.
  const shownBefore = new Map<string, Seat>();
  before.seats.forEach((sv, i) => sv.display.forEach((id) => shownBefore.set(id, i)));
  // A withdrawal that leaves one knight ends the tournament at once: the tables are cleared for the next.
  const withdrew = sameTournament
    ? after.seats.flatMap((sv, i) => (before.seats[i]!.inTournament && !sv.inTournament ? [i] : []))
    : bp.kind === 'turn'
      ? [actor]
      : [];
  if (sameTournament) {
    after.seats.forEach((sv, i) => {
      const was = before.seats[i]!;
      const added = minus(sv.display, was.display);
      const played = added.filter((id) => !shownBefore.has(id));
      for (const id of added.filter((x) => shownBefore.has(x))) {
        const from = shownBefore.get(id)!;
        event(
          tr(
            `${card(id)} passe du personnage de ${name(from)} à celui de ${name(i)}.`,
            `${card(id)} goes from ${name(from)}'s display to ${name(i)}'s.`,
          ),
          [id],
        );
      }
      if (played.length > 0) {
        act(
          i,
          tr(
            `${name(i)} joue ${cards(played)} (total ${sv.total}).`,
            `${name(i)} plays ${cards(played)} (total ${sv.total}).`,
          ),
          played,
        );
      }
      if (withdrew.includes(i) || winner !== null) return; // their tables are cleared, not discarded one by one
      const removed = minus(was.display, sv.display).filter((id) => !after.seats.some((o) => o.display.includes(id)));
      const discarded = removed.filter((id) => after.discard.includes(id));
      const back = removed.filter((id) => !after.discard.includes(id));
      if (discarded.length > 0)
        event(
          tr(
            `${name(i)} défausse ${cards(discarded)} de son personnage (total ${sv.total}).`,
            `${name(i)} discards ${cards(discarded)} from their display (total ${sv.total}).`,
          ),
          discarded,
        );
      if (back.length > 0)
        act(
          i,
          tr(
            `${name(i)} reprend ${cards(back)} en main (total ${sv.total}).`,
            `${name(i)} takes ${cards(back)} back into their hand (total ${sv.total}).`,
          ),
          back,
        );
      if (sv.shield && !was.shield) event(tr(`${name(i)} a désormais le Bouclier.`, `${name(i)} now has the Shield.`));
      if (sv.stunned && !was.stunned)
        event(
          tr(
            `${name(i)} est assommé\u00a0: une seule carte par tour sur son personnage.`,
            `${name(i)} is stunned: one card a turn on their display.`,
          ),
        );
    });
  }

  // Chute: a card changes hands, unseen by the others.
  const handDelta = after.seats.map((sv, i) => sv.handSize - before.seats[i]!.handSize);
  const k = me?.knock;
  const newKnock = k && JSON.stringify(k) !== JSON.stringify(before.me?.knock);
  if (
    bp.kind === 'response' &&
    kindOf(bp.card)?.effect === 'chute' &&
    ap.kind !== 'response' &&
    bp.move.target !== undefined
  ) {
    const lost = handDelta[bp.move.target]! < 0;
    if (lost)
      event(
        tr(
          `${name(bp.seat)} prend au hasard une carte de la main de ${name(bp.move.target)}.`,
          `${name(bp.seat)} takes a random card from ${name(bp.move.target)}'s hand.`,
        ),
      );
  }
  if (k && newKnock)
    secret(
      k.to === me!.seat
        ? tr(`Vous prenez ${card(k.card)}.`, `You take ${card(k.card)}.`)
        : tr(`Vous perdez ${card(k.card)}.`, `You lose ${card(k.card)}.`),
    );

  // Turns: ending, withdrawing, drawing.
  for (const i of withdrew) act(i, tr(`${name(i)} abandonne le tournoi.`, `${name(i)} withdraws from the tournament.`));
  if (ap.kind === 'maiden' && bp.kind !== 'maiden')
    event(
      tr(
        `${name(ap.seat)} avait une Dame\u00a0: il rend un jeton de son choix.`,
        `${name(ap.seat)} had a Maiden: they give back a token of their choice.`,
      ),
    );
  if (
    bp.kind === 'turn' &&
    ap.kind === 'turn' &&
    sameTournament &&
    after.active !== before.active &&
    withdrew.length === 0
  ) {
    act(
      before.active,
      tr(
        `${name(before.active)} termine son tour (total ${after.seats[before.active]!.total}).`,
        `${name(before.active)} ends their turn (total ${after.seats[before.active]!.total}).`,
      ),
    );
  }
  const drawn =
    after.deckSize < before.deckSize || (before.deckSize <= 1 && after.discard.length < before.discard.length);
  if (drawn) {
    handDelta.forEach((d, i) => {
      if (d > 0) {
        event(
          d === 1
            ? tr(`${name(i)} pioche une carte.`, `${name(i)} draws a card.`)
            : tr(`${name(i)} pioche ${d} cartes.`, `${name(i)} draws ${d} cards.`),
        );
      }
    });
  }
  if (me && before.me) {
    const got = minus(me.hand, before.me.hand).filter((id) => !(newKnock && k!.card === id));
    if (got.length > 0 && drawn) secret(tr(`Vous piochez ${cards(got)}.`, `You draw ${cards(got)}.`));
  }

  // Tokens: a tournament won, a token returned for a Maiden.
  const won = before.colour;
  if (winner !== null && won !== null) {
    event(
      tr(
        `${name(winner)} remporte le tournoi ${colour(won)}\u00a0!`,
        `${name(winner)} wins the ${colour(won)} tournament!`,
      ),
      [`seat:${winner}`],
    );
    if (won === 'purple')
      event(
        tr(`${name(winner)} choisit la couleur de son jeton.`, `${name(winner)} chooses the colour of their token.`),
      );
  }
  after.seats.forEach((sv, i) => {
    const was = before.seats[i]!;
    for (const c of sv.tokens.filter((t) => !was.tokens.includes(t)))
      event(
        tr(
          `${name(i)} prend un jeton ${colour(c)} (${countText(sv.tokens.length, 'jeton', 'jetons', 'fr')}).`,
          `${name(i)} takes a ${colour(c)} token (${countText(sv.tokens.length, 'token', 'tokens', 'en')}).`,
        ),
      );
    for (const c of was.tokens.filter((t) => !sv.tokens.includes(t)))
      act(i, tr(`${name(i)} rend un jeton ${colour(c)}.`, `${name(i)} gives back a ${colour(c)} token.`));
  });
  if (!sameTournament && after.outcome === null)
    event(
      tr(
        `Nouveau tournoi\u00a0: ${name(after.starter)} choisit la couleur.`,
        `A new tournament: ${name(after.starter)} names the colour.`,
      ),
    );

  if (after.outcome && !before.outcome) {
    const w = after.outcome.winners[0]!;
    out.push({
      text: tr(
        `${name(w)} gagne la partie avec ${countText(after.seats[w]!.tokens.length, 'jeton', 'jetons', 'fr')}\u00a0!`,
        `${name(w)} wins the game with ${countText(after.seats[w]!.tokens.length, 'token', 'tokens', 'en')}!`,
      ),
      group,
      kind: 'outcome',
      seat: w,
    });
  }
  return out;
}

/** "Knight 1 plays Unhorse: the tournament becomes red", "Knight 2 plays Riposte against Knight 0". */
function describeAction(seat: Seat, id: string, move: PlayMove, name: (s: Seat) => string, lang: Lang): string {
  const tr = (fr: string, en: string) => (lang === 'fr' ? fr : en);
  const what = cardName(id, lang);
  const against = move.target !== undefined ? tr(` contre ${name(move.target)}`, ` against ${name(move.target)}`) : '';
  const colour = move.colour
    ? tr(
        `\u00a0: le tournoi deviendrait ${COLOUR_NAMES[move.colour].fr}`,
        `: the tournament would become ${COLOUR_NAMES[move.colour].en}`,
      )
    : '';
  return tr(`${name(seat)} joue ${what}${against}${colour}.`, `${name(seat)} plays ${what}${against}${colour}.`);
}
