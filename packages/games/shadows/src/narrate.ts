/**
 * The log in words for Les Chevaliers de la Table Ronde: what a viewer learns between two of its own views. Built
 * from the views only (never the state), so a face-down card, another hand, an answer in an open call or the
 * traitor before the reveal cannot be told: the sentences say what changed on the table ("Sir Gawain plays
 * Fight 3 on the Black Knight quest", "Sir Kay has answered"), and, for the viewer alone (`private`), what it
 * drew or saw.
 */
import { countText, listText, type Lang, type LogEntry, type NarrationInput, type Seat } from '@roundtable/core';
import { KINDS, KIND_BY_ID, kindOfInstance, type Location, type QuestId } from './cards.ts';
import type { ShadowsView } from './view.ts';

type Tr = (fr: string, en: string) => string;

/** A card's name from its instance id (`fight-3.7` → "Fight 3"). */
export function cardName(id: string, lang: Lang): string {
  const kind = KINDS[KIND_BY_ID.get(kindOfInstance(id)) ?? -1];
  return kind ? kind[lang] : id;
}

/** "on the Picts war", "at Camelot": where a figure stands, in a sentence. */
export const ON: { readonly [L in Location]: { readonly fr: string; readonly en: string } } = {
  camelot: { fr: 'à Camelot', en: 'at Camelot' },
  'black-knight': { fr: 'sur le tournoi contre le Chevalier Noir', en: 'on the Black Knight quest' },
  lancelot: { fr: 'sur la quête de Lancelot', en: 'on the Lancelot quest' },
  excalibur: { fr: 'sur la quête d’Excalibur', en: 'on the Excalibur quest' },
  grail: { fr: 'sur la quête du Saint Graal', en: 'on the Holy Grail quest' },
  picts: { fr: 'sur la guerre contre les Pictes', en: 'on the Picts war' },
  saxons: { fr: 'sur la guerre contre les Saxons', en: 'on the Saxons war' },
};
const TO: { readonly [L in Location]: { readonly fr: string; readonly en: string } } = {
  camelot: { fr: 'revient à Camelot', en: 'returns to Camelot' },
  'black-knight': { fr: 'part affronter le Chevalier Noir', en: 'rides to the Black Knight quest' },
  lancelot: { fr: 'part pour la quête de Lancelot', en: 'rides to the Lancelot quest' },
  excalibur: { fr: 'part pour la quête d’Excalibur', en: 'rides to the Excalibur quest' },
  grail: { fr: 'part pour la quête du Saint Graal', en: 'rides to the Holy Grail quest' },
  picts: { fr: 'part pour la guerre contre les Pictes', en: 'rides to the Picts war' },
  saxons: { fr: 'part pour la guerre contre les Saxons', en: 'rides to the Saxons war' },
};
const QUEST: { readonly [Q in QuestId | 'dragon']: { readonly fr: string; readonly en: string } } = {
  'black-knight': { fr: 'Le tournoi contre le Chevalier Noir', en: 'The Black Knight quest' },
  lancelot: { fr: 'La quête de Lancelot', en: 'The Lancelot quest' },
  dragon: { fr: 'La quête du Dragon', en: 'The Dragon quest' },
  excalibur: { fr: 'La quête d’Excalibur', en: 'The Excalibur quest' },
  grail: { fr: 'La quête du Saint Graal', en: 'The Holy Grail quest' },
  picts: { fr: 'La guerre contre les Pictes', en: 'The Picts war' },
  saxons: { fr: 'La guerre contre les Saxons', en: 'The Saxons war' },
};
const RELIC: Readonly<Record<string, { readonly fr: string; readonly en: string }>> = {
  excalibur: { fr: 'l’épée Excalibur', en: 'the sword Excalibur' },
  grail: { fr: 'le Saint Graal', en: 'the Holy Grail' },
  armor: { fr: 'l’Armure de Lancelot', en: "Lancelot's Armor" },
};
const DECLARE: Readonly<Record<string, { readonly fr: string; readonly en: string }>> = {
  strong: { fr: 'se déclare fort', en: 'declares he is strong' },
  weak: { fr: 'se déclare faible', en: 'declares he is weak' },
  // `declare help <quest>` is "I can help on …" (RULES.md), an offer, not a request.
  help: { fr: 'dit pouvoir aider', en: 'says he can help' },
};
const REASON: Readonly<Record<string, { readonly fr: string; readonly en: string }>> = {
  swords: { fr: '12 épées sont sur la Table Ronde', en: '12 swords lie on the Round Table' },
  siege: { fr: '12 engins de siège encerclent Camelot', en: '12 siege engines surround Camelot' },
  'black-swords': { fr: '7 épées noires sont sur la Table Ronde', en: '7 black swords lie on the Round Table' },
  'loyal-dead': { fr: 'tous les chevaliers loyaux sont morts', en: 'every loyal knight is dead' },
  exhaustion: { fr: 'la partie a duré trop longtemps', en: 'the game went on too long' },
};

type Place = string;

/** Every card this viewer sees lying somewhere, by instance id, with where it lies. */
function visibleCards(v: ShadowsView): Map<string, Place> {
  const out = new Map<string, Place>();
  const put = (ids: readonly (string | null)[], place: Place) => {
    for (const id of ids) if (id !== null) out.set(id, place);
  };
  put(v.laid, 'laid');
  put(v.whiteDiscard, 'white-discard');
  put(v.blackDiscard, 'black-discard');
  const b = v.board;
  put(b.blackKnight.white, 'quest:black-knight');
  put(b.lancelot.white, 'quest:lancelot');
  put(b.grail.grails, 'quest:grail');
  put(b.picts.white, 'quest:picts');
  put(b.saxons.white, 'quest:saxons');
  put(
    b.blackKnight.black.map((p) => p.card),
    'black:black-knight',
  );
  put(
    b.lancelot.black.map((p) => p.card),
    'black:lancelot',
  );
  put(b.grail.blacks, 'black:grail');
  const e = v.effects;
  put([e.mists, e.vivien, e.broceliande, e.mordred?.card ?? null, e.heroism?.card ?? null], 'effect');
  const ph = v.phase;
  if ('card' in ph && typeof ph.card === 'string') put([ph.card], 'call');
  if ('excalibur' in ph && 'card' in ph.excalibur) put([ph.excalibur.card], 'call');
  return out;
}

const isWhite = (id: string): boolean => KINDS[KIND_BY_ID.get(kindOfInstance(id)) ?? -1]?.colour === 'white';
const isSpecial = (id: string): boolean => KINDS[KIND_BY_ID.get(kindOfInstance(id)) ?? -1]?.special === true;

/** Cards in `a` not in `b` (multisets of instance ids). */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = [...b];
  return a.filter((x) => {
    const i = left.indexOf(x);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

const openCall = (v: ShadowsView): readonly Seat[] | null => {
  const p = v.phase;
  return p.kind === 'vote' || p.kind === 'merlin' || p.kind === 'volunteer' || p.kind === 'discard' ? p.waiting : null;
};

export function narrate(before: ShadowsView | null, after: ShadowsView, input: NarrationInput): LogEntry[] {
  const { lang } = input;
  const tr: Tr = (fr, en) => (lang === 'fr' ? fr : en);
  const name = input.name;
  const card = (id: string) => cardName(id, lang);
  const cards = (ids: readonly string[]) => listText(ids.map(card), lang);
  const basis = before ?? after;
  const group =
    basis.turnNumber === 0
      ? tr('Mise en place', 'Opening')
      : tr(`Tour ${basis.turnNumber} — ${name(basis.active)}`, `Turn ${basis.turnNumber} — ${name(basis.active)}`);
  const out: LogEntry[] = [];
  const event = (text: string, refs?: readonly string[]) =>
    out.push({ text, group, kind: 'event', ...(refs ? { refs } : {}) });
  const act = (seat: Seat, text: string, refs?: readonly string[]) =>
    out.push({ text, group, kind: 'move', seat, ...(refs ? { refs } : {}) });
  const secret = (text: string) => out.push({ text, group, kind: 'event', private: true });
  const me = after.me;

  if (before === null) {
    event(tr('Les chevaliers se réunissent autour de la Table Ronde.', 'The knights gather around the Round Table.'));
    if (me) {
      secret(
        me.loyalty === 'traitor'
          ? tr('Vous êtes le traître.', 'You are the traitor.')
          : tr('Vous êtes loyal.', 'You are loyal.'),
      );
      if (me.hand.length > 0) secret(tr(`Votre main\u00a0: ${cards(me.hand)}.`, `Your hand: ${cards(me.hand)}.`));
    }
    return out;
  }

  // Who acted, from the views alone (as every viewer, the spectator included, tells it): the only seat that
  // could, else the one that left a call.
  const actor: Seat =
    before.toMove.length === 1
      ? before.toMove[0]!
      : (before.toMove.find((s) => !after.toMove.includes(s)) ?? before.active);

  const laidNow: Seat[] = [];
  // Opening: cards laid face up, the proposal, the answers.
  before.laid.forEach((c, i) => {
    const now = after.laid[i];
    if (c === null && now !== null && now !== undefined) laidNow.push(i);
    if (c === null && now !== null && now !== undefined)
      act(i, tr(`${name(i)} pose ${card(now)} face visible.`, `${name(i)} lays ${card(now)} face up.`), [now]);
  });
  if (after.phase.kind === 'vote' && before.phase.kind !== 'vote') {
    const proposal = after.phase.proposal;
    const parts = proposal.map((from, i) => {
      const laid = before.laid[from] ?? after.laid[from];
      const what = laid ? card(laid) : tr('la carte posée', 'the laid card');
      return tr(`${name(i)} prend ${what}`, `${name(i)} takes ${what}`);
    });
    act(
      actor,
      tr(
        `${name(actor)} propose le partage\u00a0: ${listText(parts, lang)}.`,
        `${name(actor)} proposes the share: ${listText(parts, lang)}.`,
      ),
    );
  }

  // Answers to an open call: who has answered, never what, until the call closes.
  const waitingBefore = openCall(before);
  if (waitingBefore) {
    const waitingAfter = openCall(after);
    const sameCall = waitingAfter !== null && after.phase.kind === before.phase.kind;
    const answered = waitingBefore.filter((s) => !sameCall || !waitingAfter.includes(s));
    if (before.phase.kind !== 'discard')
      for (const s of answered) act(s, tr(`${name(s)} a répondu.`, `${name(s)} has answered.`));
    if (!sameCall && before.phase.kind === 'vote') {
      event(
        tr(
          'Tous ont répondu\u00a0: chaque chevalier prend une des cartes posées.',
          'Everyone has answered: each knight takes one of the laid cards.',
        ),
      );
    }
  }

  const resolved = resolvedQuests(before, after);
  const homecoming: Seat[] = [];
  // Where the knights go, what they say (those coming home from a quest just ended are told after it).
  after.knights.forEach((k, i) => {
    const was = before.knights[i]!;
    if (k.location !== was.location && k.location !== null && k.alive) {
      if (k.location === 'camelot' && resolved.length > 0) homecoming.push(i);
      else act(i, `${name(i)} ${TO[k.location][lang]}.`, [k.location]);
    }
    const d = k.declaration;
    // A declaration said again is said all the same: the turn's one declaration is used up.
    const again = i === actor && after.turn.declared && !before.turn.declared;
    if (d && (again || JSON.stringify(d) !== JSON.stringify(was.declaration))) {
      const about = d.quest
        ? ` ${tr('pour', 'with')} ${QUEST[d.quest][lang].replace(/^[TL]/, (c) => c.toLowerCase())}`
        : '';
      act(i, `${name(i)} ${DECLARE[d.what]![lang]}${about}.`);
    }
  });

  // `accused` marks the knight who made his one accusation; the views name the accused only if he is unmasked.
  after.knights.forEach((k, i) => {
    if (k.accused && !before.knights[i]!.accused) {
      const t = after.traitor !== null && before.traitor === null ? after.traitor : null;
      act(
        i,
        t !== null
          ? tr(`${name(i)} accuse ${name(t)} d’être le traître.`, `${name(i)} accuses ${name(t)} of being the traitor.`)
          : tr(
              `${name(i)} accuse un chevalier d’être le traître, à tort\u00a0: il est loyal.`,
              `${name(i)} accuses a knight of being the traitor, wrongly: he is loyal.`,
            ),
        t !== null ? [`seat:${t}`] : undefined,
      );
    }
  });
  if (after.traitor !== null && before.traitor === null) {
    const t = after.traitor;
    const self = actor === t && !after.knights.some((k, i) => k.accused && !before.knights[i]!.accused);
    event(
      self
        ? tr(`${name(t)} se révèle\u00a0: c’est le traître\u00a0!`, `${name(t)} reveals himself: he is the traitor!`)
        : tr(`${name(t)} est démasqué\u00a0: c’est le traître\u00a0!`, `${name(t)} is unmasked: he is the traitor!`),
      [`seat:${t}`],
    );
  }

  // King Arthur's exchange, face down: who gives to whom, never the card.
  if (after.phase.kind === 'swap' && before.phase.kind !== 'swap') {
    act(
      after.phase.from,
      tr(
        `${name(after.phase.from)} donne une carte face cachée à ${name(after.phase.to)}.`,
        `${name(after.phase.from)} gives a card face down to ${name(after.phase.to)}.`,
      ),
    );
  }
  if (before.phase.kind === 'swap' && after.phase.kind !== 'swap') {
    act(
      before.phase.to,
      tr(
        `${name(before.phase.to)} rend une carte face cachée à ${name(before.phase.from)}.`,
        `${name(before.phase.to)} gives a card back face down to ${name(before.phase.from)}.`,
      ),
    );
  }

  // Cards that came into sight: white cards played or discarded, black cards drawn, face-down cards turned over.
  const seenBefore = visibleCards(before);
  const seenAfter = visibleCards(after);
  const fresh = [...seenAfter].filter(([id]) => !seenBefore.has(id));
  const handDelta = after.knights.map((k, i) => k.handSize - before.knights[i]!.handSize);
  const shrinkers = handDelta.flatMap((d, i) => (d < 0 ? [i] : []));
  const player = shrinkers.length === 1 ? shrinkers[0]! : actor;
  // A Merlin call closing: three Merlin cards or more cancel the card, and who played them is told only now.
  const bph = before.phase;
  const merlinClosed = bph.kind === 'merlin' && !(after.phase.kind === 'merlin' && after.phase.card === bph.card);
  const merlinsIn = fresh
    .filter(([id, place]) => place === 'white-discard' && kindOfInstance(id) === 'merlin')
    .map(([id]) => id);
  const cancelled = merlinClosed && merlinsIn.length >= 3 && seenAfter.get(bph.card) === 'black-discard';
  const answeredWithMerlin = new Set<string>(cancelled ? merlinsIn : []);
  const whitesOut = fresh.filter(([id]) => isWhite(id) && !answeredWithMerlin.has(id));
  const fromHands = new Map<Seat, number>();
  if (merlinClosed && bph.kind === 'merlin') {
    if (cancelled) {
      const who = shrinkers.map((i) => {
        fromHands.set(i, -handDelta[i]!);
        return handDelta[i]! < -1 ? tr(`${name(i)} (${-handDelta[i]!})`, `${name(i)} (${-handDelta[i]!})`) : name(i);
      });
      event(
        tr(
          `${listText(who, lang)} ${shrinkers.length === 1 ? 'joue' : 'jouent'} Merlin\u00a0: ${card(bph.card)} est annulée.`,
          `${listText(who, lang)} ${shrinkers.length === 1 ? 'plays' : 'play'} Merlin: ${card(bph.card)} is cancelled.`,
        ),
        [...merlinsIn, bph.card],
      );
    } else {
      event(
        tr(
          `Pas assez de Merlin\u00a0: ${card(bph.card)} prend effet.`,
          `Not enough Merlin cards: ${card(bph.card)} takes effect.`,
        ),
        [bph.card],
      );
    }
  }
  const byPlace = new Map<Place, string[]>();
  for (const [id, place] of whitesOut) byPlace.set(place, [...(byPlace.get(place) ?? []), id]);
  for (const [place, ids] of byPlace) {
    if (place === 'laid') continue; // told above
    if (place.startsWith('quest:')) {
      const q = place.slice(6) as QuestId;
      const on =
        q === 'lancelot' && after.board.lancelot.side === 'dragon'
          ? tr('sur la quête du Dragon', 'on the Dragon quest')
          : ON[q][lang];
      act(player, tr(`${name(player)} joue ${cards(ids)} ${on}.`, `${name(player)} plays ${cards(ids)} ${on}.`), ids);
    } else if (place === 'white-discard' && shrinkers.length > 1 && ids.every((id) => !isSpecial(id))) {
      const who = listText(shrinkers.map(name), lang);
      event(tr(`Cartes défaussées par ${who}\u00a0: ${cards(ids)}.`, `${who} discard ${cards(ids)}.`), ids);
    } else {
      const specials = ids.filter(isSpecial);
      const others = ids.filter((id) => !isSpecial(id));
      if (specials.length > 0)
        act(
          player,
          tr(`${name(player)} joue ${cards(specials)}.`, `${name(player)} plays ${cards(specials)}.`),
          specials,
        );
      const ending = resolved.length === 1 && resolved[0]!.quest !== 'excalibur' ? resolved[0]!.quest : null;
      if (others.length > 0 && bph.kind === 'traitor') {
        act(
          actor,
          tr(
            `${name(actor)}, le traître, fait défausser ${cards(others)} à ${name(player)}.`,
            `${name(actor)}, the traitor, makes ${name(player)} discard ${cards(others)}.`,
          ),
          others,
        );
      } else if (others.length > 0 && ending !== null) {
        // The card that ended a quest goes to the discard with the others: it was played there.
        const on =
          ending === 'lancelot' && before.board.lancelot.side === 'dragon'
            ? tr('sur la quête du Dragon', 'on the Dragon quest')
            : ON[ending][lang];
        act(
          player,
          tr(`${name(player)} joue ${cards(others)} ${on}.`, `${name(player)} plays ${cards(others)} ${on}.`),
          others,
        );
      } else if (others.length > 0)
        act(
          player,
          tr(`${name(player)} défausse ${cards(others)}.`, `${name(player)} discards ${cards(others)}.`),
          others,
        );
    }
    if (shrinkers.length <= 1) fromHands.set(player, (fromHands.get(player) ?? 0) + ids.length);
  }
  for (const [id, place] of fresh.filter(([x]) => !isWhite(x))) {
    if (place.startsWith('black:') && (place === 'black:grail' || wasFaceDown(before, after, id) === false)) {
      const q = place.slice(6) as QuestId;
      act(
        before.active,
        tr(
          `${name(before.active)} pioche ${card(id)} et la pose face visible ${ON[q].fr}.`,
          `${name(before.active)} draws ${card(id)} and lays it face up ${ON[q].en}.`,
        ),
        [id],
      );
    } else if (place.startsWith('black:')) {
      event(
        tr(
          `Une carte face cachée est retournée ${ON[place.slice(6) as QuestId].fr}\u00a0: ${card(id)}.`,
          `A face-down card is turned over ${ON[place.slice(6) as QuestId].en}: ${card(id)}.`,
        ),
        [id],
      );
    } else if (
      place === 'black-discard' &&
      resolved.some((q) => q.black.includes(id) || q.hiddenCount > 0) &&
      /^(bk|ld)-/.test(kindOfInstance(id))
    ) {
      event(
        tr(`Une carte face cachée est retournée\u00a0: ${card(id)}.`, `A face-down card is turned over: ${card(id)}.`),
        [id],
      );
    } else {
      act(
        before.active,
        tr(`${name(before.active)} pioche ${card(id)}.`, `${name(before.active)} draws ${card(id)}.`),
        [id],
      );
    }
  }
  // Black cards laid face down: where, by whom — never which.
  for (const q of ['blackKnight', 'lancelot'] as const) {
    const was = before.board[q].black;
    const now = after.board[q].black;
    if (now.length > was.length) {
      for (const p of now.slice(was.length)) {
        if (p.card !== null) continue;
        const where = ON[q === 'blackKnight' ? 'black-knight' : 'lancelot'][lang];
        act(
          p.by,
          tr(
            `${name(p.by)} pioche une carte noire et la pose face cachée ${where}.`,
            `${name(p.by)} draws a black card and lays it face down ${where}.`,
          ),
        );
      }
    }
  }
  if (after.turn.excaliburUsed && !before.turn.excaliburUsed && 'excalibur' in before.phase) {
    const holder = before.phase.excalibur.seat;
    act(
      holder,
      tr(
        `${name(holder)} brandit Excalibur et annule la carte noire.`,
        `${name(holder)} raises Excalibur and cancels the black card.`,
      ),
    );
  }

  // The board's counters.
  const ds = after.siege - before.siege;
  const evilSiege =
    before.phase.kind === 'evil' &&
    !('excalibur' in before.phase) &&
    ds === 1 &&
    after.blackDeckSize === before.blackDeckSize;
  if (evilSiege)
    act(
      before.active,
      tr(
        `${name(before.active)} choisit un engin de siège\u00a0: il y en a ${after.siege} devant Camelot.`,
        `${name(before.active)} chooses a siege engine: ${after.siege === 1 ? 'one now stands' : `${after.siege} now stand`} before Camelot.`,
      ),
    );
  else if (ds > 0)
    event(
      tr(
        `${ds === 1 ? 'Un engin de siège s’ajoute' : `${ds} engins de siège s’ajoutent`} devant Camelot (${after.siege}).`,
        `${ds === 1 ? 'A siege engine is' : `${ds} siege engines are`} set before Camelot (${after.siege}).`,
      ),
    );
  if (ds < 0)
    event(
      tr(
        `${-ds === 1 ? 'Un engin de siège est détruit' : `${-ds} engins de siège sont détruits`} (${after.siege} restants).`,
        `${-ds === 1 ? 'A siege engine is' : `${-ds} siege engines are`} destroyed (${after.siege} left).`,
      ),
    );
  const dx = after.board.excalibur.pos - before.board.excalibur.pos;
  if (dx !== 0 && !after.board.excalibur.done) {
    event(
      dx > 0
        ? tr(
            `Excalibur avance de ${dx} vers les chevaliers (case ${after.board.excalibur.pos}).`,
            `Excalibur moves ${dx} towards the knights (space ${after.board.excalibur.pos}).`,
          )
        : tr(
            `Excalibur recule de ${-dx} vers l’oubli (case ${after.board.excalibur.pos}).`,
            `Excalibur slips ${-dx} towards oblivion (space ${after.board.excalibur.pos}).`,
          ),
    );
  }
  for (const war of ['picts', 'saxons'] as const) {
    const df = after.board[war].figures - before.board[war].figures;
    const who = war === 'picts' ? tr('picte', 'Pict') : tr('saxonne', 'Saxon');
    if (df > 0)
      event(
        tr(
          `${df === 1 ? 'Une figurine' : `${df} figurines`} ${who}${df === 1 ? '' : 's'} ${df === 1 ? 'arrive' : 'arrivent'} (${after.board[war].figures}).`,
          `${df === 1 ? 'A' : df} ${who} figure${df === 1 ? ' arrives' : 's arrive'} (${after.board[war].figures}).`,
        ),
      );
    if (df < 0 && !resolved.some((r) => r.quest === war))
      event(
        tr(
          `Une figurine ${who} est chassée (${after.board[war].figures}).`,
          `A ${who} figure is driven off (${after.board[war].figures}).`,
        ),
      );
  }
  if (after.lastRoll && JSON.stringify(after.lastRoll) !== JSON.stringify(before.lastRoll)) {
    const r = after.lastRoll;
    event(
      r.won
        ? tr(
            `${name(r.seat)} combat un engin de siège\u00a0: ${r.sum} contre un dé de ${r.roll}, l’engin est détruit.`,
            `${name(r.seat)} fights a siege engine: ${r.sum} against a roll of ${r.roll}, the engine is destroyed.`,
          )
        : tr(
            `${name(r.seat)} combat un engin de siège\u00a0: ${r.sum} contre un dé de ${r.roll}, le combat est perdu.`,
            `${name(r.seat)} fights a siege engine: ${r.sum} against a roll of ${r.roll}, the fight is lost.`,
          ),
    );
  }

  // Quests won or lost, swords.
  const dw = after.whiteSwords - before.whiteSwords;
  const db = after.blackSwords - before.blackSwords;
  for (const r of resolved) {
    const quest = QUEST[r.quest === 'lancelot' && before.board.lancelot.side === 'dragon' ? 'dragon' : r.quest][lang];
    const e = r.quest === 'black-knight' ? '' : 'e'; // « le tournoi » is masculine, « la quête », « la guerre » feminine
    event(
      dw > 0
        ? tr(`${quest} est gagné${e}\u00a0!`, `${quest} is won!`)
        : tr(`${quest} est perdu${e}.`, `${quest} is lost.`),
      [`quest:${r.quest}`],
    );
  }
  if (dw < 0 && db > 0) {
    event(
      tr(
        `Une épée blanche devient noire (${after.whiteSwords} blanches, ${after.blackSwords} noires).`,
        `A white sword turns black (${after.whiteSwords} white, ${after.blackSwords} black).`,
      ),
    );
  } else if (dw > 0 || db > 0) {
    const parts: string[] = [];
    if (dw > 0)
      parts.push(dw === 1 ? tr('une épée blanche', 'a white sword') : tr(`${dw} épées blanches`, `${dw} white swords`));
    if (db > 0)
      parts.push(db === 1 ? tr('une épée noire', 'a black sword') : tr(`${db} épées noires`, `${db} black swords`));
    const text = listText(parts, lang);
    const one = dw + db === 1;
    event(
      tr(
        `${text[0]!.toUpperCase()}${text.slice(1)} ${one ? 'rejoint' : 'rejoignent'} la Table Ronde (${after.whiteSwords} blanches, ${after.blackSwords} noires).`,
        `${text[0]!.toUpperCase()}${text.slice(1)} ${one ? 'is' : 'are'} laid on the Round Table (${after.whiteSwords} white, ${after.blackSwords} black).`,
      ),
    );
  }

  if (homecoming.length > 0) {
    event(
      tr(
        `${listText(homecoming.map(name), lang)} ${homecoming.length === 1 ? 'revient' : 'reviennent'} à Camelot.`,
        `${listText(homecoming.map(name), lang)} ${homecoming.length === 1 ? 'returns' : 'return'} to Camelot.`,
      ),
    );
  }

  // Relics.
  for (const r of ['excalibur', 'grail', 'armor'] as const) {
    const h = after.relics[r];
    if (h === before.relics[r]) continue;
    if (typeof h === 'number') event(tr(`${name(h)} reçoit ${RELIC[r]!.fr}.`, `${name(h)} receives ${RELIC[r]!.en}.`));
    else if (h === 'gone')
      event(
        tr(
          `${RELIC[r]!.fr[0]!.toUpperCase()}${RELIC[r]!.fr.slice(1)} quitte la partie.`,
          `${RELIC[r]!.en[0]!.toUpperCase()}${RELIC[r]!.en.slice(1)} leaves the game.`,
        ),
      );
  }

  // Accusations and the traitor.

  // Life and death.
  after.knights.forEach((k, i) => {
    const was = before.knights[i]!;
    if (was.alive && !k.alive) {
      event(tr(`${name(i)} meurt.`, `${name(i)} dies.`), [`seat:${i}`]);
      return;
    }
    const dl = k.life - was.life;
    if (dl < 0 && k.alive)
      event(
        tr(
          `${name(i)} perd ${countText(-dl, 'point', 'points', 'fr')} de bravoure (${k.life}).`,
          `${name(i)} loses ${countText(-dl, 'life point', 'life points', 'en')} (${k.life} left).`,
        ),
      );
    if (dl > 0 && k.alive)
      event(
        tr(
          `${name(i)} gagne ${countText(dl, 'point', 'points', 'fr')} de bravoure (${k.life}).`,
          `${name(i)} gains ${countText(dl, 'life point', 'life points', 'en')} (${k.life}).`,
        ),
      );
  });

  // White cards taken into hands: how many, never which (except the viewer's own, privately).
  const opening = before.phase.kind === 'vote' && after.phase.kind !== 'vote';
  const swapping = (before.phase.kind === 'swap') !== (after.phase.kind === 'swap');
  if (!opening && !swapping) {
    const drew = after.whiteDeckSize < before.whiteDeckSize || after.whiteDiscard.length < before.whiteDiscard.length;
    const residual = handDelta.map((d, i) => d + (fromHands.get(i) ?? 0) + (laidNow.includes(i) ? 1 : 0));
    const gainers = residual.flatMap((d, i) => (d > 0 ? [i] : []));
    const losers = residual.flatMap((d, i) => (d < 0 ? [i] : []));
    if (!drew && gainers.length === 1 && losers.length === 1 && residual[gainers[0]!] === -residual[losers[0]!]!) {
      const [g, l] = [gainers[0]!, losers[0]!];
      act(
        l,
        tr(
          `${name(l)} donne ${countText(residual[g]!, 'carte blanche', 'cartes blanches', 'fr')} à ${name(g)}.`,
          `${name(l)} gives ${countText(residual[g]!, 'white card', 'white cards', 'en')} to ${name(g)}.`,
        ),
      );
    } else {
      for (const g of gainers) {
        const n = residual[g]!;
        event(
          drew
            ? tr(
                `${name(g)} pioche ${countText(n, 'carte blanche', 'cartes blanches', 'fr')}.`,
                `${name(g)} draws ${countText(n, 'white card', 'white cards', 'en')}.`,
              )
            : tr(
                `${name(g)} reçoit ${countText(n, 'carte blanche', 'cartes blanches', 'fr')}.`,
                `${name(g)} receives ${countText(n, 'white card', 'white cards', 'en')}.`,
              ),
        );
      }
      for (const l of losers) {
        if (shrinkers.length > 1 && whitesOut.some(([, p]) => p === 'white-discard')) continue; // told with the discards
        const n = -residual[l]!;
        event(
          tr(
            `${name(l)} perd ${countText(n, 'carte blanche', 'cartes blanches', 'fr')}.`,
            `${name(l)} loses ${countText(n, 'white card', 'white cards', 'en')}.`,
          ),
        );
      }
    }
  }

  // What only this viewer learns.
  const swappingNow = (before.phase.kind === 'swap') !== (after.phase.kind === 'swap');
  if (me && before.me) {
    const got = minus(me.hand, before.me.hand);
    const gone = minus(before.me.hand, me.hand).filter((id) => !seenAfter.has(id));
    const fromPile = after.whiteDeckSize < before.whiteDeckSize && !swappingNow;
    if (got.length > 0)
      secret(
        fromPile
          ? tr(`Vous piochez ${cards(got)}.`, `You draw ${cards(got)}.`)
          : tr(`Vous recevez ${cards(got)}.`, `You receive ${cards(got)}.`),
      );
    if (gone.length > 0) secret(tr(`Vous donnez ${cards(gone)}.`, `You give ${cards(gone)}.`));
    for (const f of me.faceDown) {
      if (!before.me.faceDown.some((x) => x.card === f.card))
        secret(
          tr(
            `Votre carte face cachée ${ON[f.quest].fr}\u00a0: ${card(f.card)}.`,
            `Your face-down card ${ON[f.quest].en}: ${card(f.card)}.`,
          ),
        );
    }
    if (me.peek && me.peek !== before.me.peek)
      secret(
        tr(
          `Vous voyez la carte noire du dessus\u00a0: ${card(me.peek)}.`,
          `You see the top black card: ${card(me.peek)}.`,
        ),
      );
    if (me.armor && !before.me.armor)
      secret(tr(`L’Armure vous montre ${cards(me.armor)}.`, `The Armor shows you ${cards(me.armor)}.`));
    if (me.top && !before.me.top)
      secret(
        tr(`Le dessus de la pioche noire\u00a0: ${cards(me.top)}.`, `The top of the black pile: ${cards(me.top)}.`),
      );
  }

  // Choices the board shows only later, or never: each still told, so no decision passes unsaid.
  if (before.phase.kind === 'evil' && after.phase.kind === 'place')
    act(
      actor,
      tr(`${name(actor)} choisit de piocher une carte noire.`, `${name(actor)} chooses to draw a black card.`),
    );
  if (before.phase.kind === 'clairvoyance' && after.phase.kind !== 'clairvoyance')
    act(
      before.phase.seat,
      tr(
        `${name(before.phase.seat)} remet les cartes sur la pioche noire dans l’ordre de son choix.`,
        `${name(before.phase.seat)} puts the cards back on the black pile in the order of their choice.`,
      ),
    );
  if (
    before.phase.kind === 'heroic' &&
    after.turnNumber > before.turnNumber &&
    !out.some((e) => e.kind === 'move' && e.seat === before.active)
  )
    act(before.active, tr(`${name(before.active)} termine son tour.`, `${name(before.active)} ends their turn.`));

  // A call opens: everyone may now answer.
  const p = after.phase;
  if ((p.kind === 'merlin' || p.kind === 'volunteer' || p.kind === 'discard') && before.phase.kind !== p.kind) {
    if (p.kind === 'merlin')
      event(
        tr(
          `${card(p.card)}\u00a0: chaque chevalier peut répondre par des cartes Merlin (trois l’annulent).`,
          `${card(p.card)}: every knight may answer with Merlin cards (three cancel it).`,
        ),
        [p.card],
      );
    if (p.kind === 'volunteer')
      event(tr(`${card(p.card)}\u00a0: qui se porte volontaire\u00a0?`, `${card(p.card)}: who volunteers?`), [p.card]);
    if (p.kind === 'discard')
      event(
        tr(
          `${card(p.card)}\u00a0: des chevaliers doivent défausser des cartes blanches.`,
          `${card(p.card)}: knights must discard white cards.`,
        ),
        [p.card],
      );
  }

  // The end: who won, and who the traitor was (seed 004: « il se révèle »).
  if (after.outcome && !before.outcome) {
    const o = after.outcome;
    const loyalWin = after.phase.kind === 'over' ? after.phase.loyalWin : false;
    const reason = REASON[o.reason]?.[lang] ?? o.reason;
    const traitor = loyalWin ? after.knights.findIndex((_, i) => !o.winners.includes(i)) : (o.winners[0] ?? -1);
    const who =
      traitor >= 0
        ? tr(`Le traître était ${name(traitor)}.`, `The traitor was ${name(traitor)}.`)
        : tr('Il n’y avait pas de traître parmi les chevaliers.', 'There was no traitor among the knights.');
    out.push({
      text: loyalWin
        ? tr(`Les chevaliers loyaux ont gagné\u00a0: ${reason}. ${who}`, `The loyal knights win: ${reason}. ${who}`)
        : tr(`Les ombres l’emportent\u00a0: ${reason}. ${who}`, `The shadows win: ${reason}. ${who}`),
      group,
      kind: 'outcome',
    });
  }
  return out;
}

interface Resolved {
  readonly quest: QuestId;
  /** Black cards that lay face up on it. */
  readonly black: readonly string[];
  readonly hiddenCount: number;
}

/** The quests that ended with this step (cleared, turned, or marked done). */
function resolvedQuests(before: ShadowsView, after: ShadowsView): Resolved[] {
  const out: Resolved[] = [];
  const b = before.board;
  const a = after.board;
  const combat = (q: 'blackKnight' | 'lancelot', id: QuestId) => {
    const was = b[q];
    const now = a[q];
    const cleared = was.white.length + was.black.length > 0 && now.white.length + now.black.length === 0;
    if (cleared || (q === 'lancelot' && b.lancelot.side !== a.lancelot.side)) {
      out.push({
        quest: id,
        black: was.black.flatMap((p) => (p.card === null ? [] : [p.card])),
        hiddenCount: was.black.filter((p) => p.card === null).length,
      });
    }
  };
  combat('blackKnight', 'black-knight');
  combat('lancelot', 'lancelot');
  if (a.excalibur.done && !b.excalibur.done) out.push({ quest: 'excalibur', black: [], hiddenCount: 0 });
  if (a.grail.done && !b.grail.done) out.push({ quest: 'grail', black: b.grail.blacks, hiddenCount: 0 });
  for (const w of ['picts', 'saxons'] as const) {
    if (
      (b[w].white.length > 0 && a[w].white.length === 0) ||
      (b[w].figures > 0 && a[w].figures === 0 && b[w].figures >= 3)
    )
      out.push({ quest: w, black: [], hiddenCount: 0 });
  }
  return out;
}

/** Whether the black card `id`, face up now, lay face down before (turned over) — false when newly laid. */
function wasFaceDown(before: ShadowsView, after: ShadowsView, id: string): boolean {
  for (const q of ['blackKnight', 'lancelot'] as const) {
    const i = after.board[q].black.findIndex((p) => p.card === id);
    if (i >= 0) return i < before.board[q].black.length && before.board[q].black[i]!.card === null;
  }
  return false;
}
