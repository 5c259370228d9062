// What a viewer must never read, as the leak suite checks it (leak.test.ts), shared with the other suites that
// check what a connection is sent (bot-accounts.test.ts: a bot account's connection).
import type { AnyGame, Seat } from '@roundtable/core';

/** Every string in a value (card ids, mostly). */
export function leaves(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) leaves(v, out);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) leaves(v, out);
  return out;
}

/**
 * What a viewer must never read, written as it would appear in a message: cards in the other seats' hands and
 * in the draw piles, the RNG state, a hidden traitor's loyalty. Card games keep cards as numbers in the state
 * and as ids in views; each card game exports `CARD_ID` to map one to the other. A card whose id has been on
 * the table (in a public message) or in the viewer's own hand is known to exist: only where it lies now is
 * secret, so for those the checks are on sequences (a hand, three cards in a row of a pile), not single ids.
 */
export async function secretsFor(
  game: AnyGame,
): Promise<
  (
    state: any,
    viewer: Seat | 'spectator',
    known: ReadonlySet<string>,
    view: any,
    mine?: ReadonlySet<string>,
  ) => string[]
> {
  const mod = (await import(`@roundtable/${game.id}`)) as { CARD_ID?: readonly string[] };
  const cardId = (n: number): string => mod.CARD_ID?.[n] ?? String(n);
  return (state, viewer, known, view, mine = new Set()) => {
    const out: string[] = [];
    const hands: number[][] = Array.isArray(state.hands)
      ? state.hands
      : Array.isArray(state.knights)
        ? state.knights.map((k: any) => k.hand ?? [])
        : [];
    // The draw piles of playing cards (joust, tournament: deck; shadows: white and black decks).
    const piles = ['deck', 'whiteDeck', 'blackDeck']
      .map((key) => state[key])
      .filter((v): v is number[] => Array.isArray(v));
    const revealed = view?.revealed?.seat;
    hands.forEach((hand, s) => {
      if (s === viewer || s === revealed) return;
      // A card the rules show (from a hand, or played then shuffled back in one move) appears first in a public
      // message: for the spectator, whose messages define what is public, only sequences are checked.
      if (viewer !== 'spectator') for (const c of hand) if (!known.has(cardId(c))) out.push(JSON.stringify(cardId(c)));
      // Unless the rules showed this hand to the viewer (a power that looks at a hand).
      if (hand.length >= 3 && !hand.every((c) => known.has(cardId(c))))
        out.push(JSON.stringify(hand.map(cardId)).slice(1, -1));
    });
    for (const pile of piles) {
      if (viewer !== 'spectator') for (const c of pile) if (!known.has(cardId(c))) out.push(JSON.stringify(cardId(c)));
      // Unless the viewer was shown those cards of the pile (a peek at the top).
      for (let i = 0; i + 3 <= pile.length; i++) {
        const run = pile.slice(i, i + 3).map(cardId);
        if (!run.every((c) => mine.has(c))) out.push(JSON.stringify(run).slice(1, -1));
      }
    }
    if (Array.isArray(state.rng)) for (const r of state.rng) out.push(String(r));
    if (Array.isArray(state.knights)) {
      state.knights.forEach((k: any, s: number) => {
        if (s !== viewer && k.loyalty === 'traitor' && !view?.knights?.[s]?.revealed && view?.phase?.kind !== 'over')
          out.push('"loyalty":"traitor"');
      });
    }
    return out;
  };
}
