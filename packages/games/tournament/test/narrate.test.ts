import { describe, expect, it } from 'vitest';
import { createRng, nextInt, type LogEntry, type NarrationInput, type Seat, type Viewer } from '@roundtable/core';
import { CARD_ID, GODSENDS, tournament, type TournamentState, type TournamentView } from '../src/index.ts';
import { go, run, stacked } from './helpers.ts';

const NO_GODSENDS = { options: { godsends: false } } as const;
const input = (viewer: Viewer, players: number, lang: 'en' | 'fr' = 'en'): NarrationInput => ({
  viewer,
  lang,
  players,
  name: (s: Seat) => tournament.seatName(s, players, lang),
  move: null,
});
const tell = (
  before: TournamentState | null,
  after: TournamentState,
  viewer: Viewer,
  lang: 'en' | 'fr' = 'en',
): LogEntry[] =>
  tournament.narrate!(
    before && tournament.view(before, viewer),
    tournament.view(after, viewer),
    input(viewer, after.players, lang),
  );
const texts = (entries: readonly LogEntry[]): string[] => entries.map((e) => e.text);
const publicTexts = (entries: readonly LogEntry[]): string[] => texts(entries.filter((e) => !e.private));

const RAW = [
  /\b(sw|ar|so|de|al)\d+\b/,
  /\b(merlin|apprenti)\.\d\b/,
  /@\d/,
  /→/,
  /\bplays play\b/,
  /\buse [a-z-]+ /,
  /\btake [a-z-]+\b/,
];

describe('narration: combats', () => {
  it('says who plays what, and who loses the combat with its wounds', () => {
    const s = stacked(
      [
        ['so13', 'de2'],
        ['so4', 'de3'],
        ['so7', 'de9'],
      ],
      NO_GODSENDS,
    );
    const a = go(s, 0, 'so13');
    expect(texts(tell(s, a, 'spectator'))).toEqual(['Knight 0 plays the 13 of Sorcery.']);
    expect(texts(tell(s, a, 'spectator', 'fr'))).toEqual(['Chevalier 0 joue le 13 de Sorcellerie.']);
    const b = go(a, 1, 'so4');
    const c = go(b, 2, 'so7');
    const said = texts(tell(b, c, 'spectator'));
    expect(said[0]).toBe('Knight 2 plays the 7 of Sorcery.');
    expect(said[1]).toMatch(/^Knight 1 loses the combat and takes 3 cards: \d+ wounds \(pile: \d+ wounds\)\.$/);
    expect(tell(b, c, 'spectator')[0]!.group).toBe('Combat 1 of round 1');
  });

  it('with heroes, the hero is named; a power used says what it does', () => {
    const s = stacked(
      [
        ['so13', 'de2'],
        ['so4', 'de3'],
        ['so7', 'de9'],
      ],
      { heroes: ['arthur', null, null], ...NO_GODSENDS },
    );
    const a = go(s, 0, 'use arthur +3');
    expect(texts(tell(s, a, 'spectator'))).toEqual([
      'King Arthur (Knight 0) uses the power of King Arthur: their next card counts +3.',
    ]);
    const b = go(a, 0, 'so13');
    expect(texts(tell(a, b, 'spectator'))).toEqual(['King Arthur (Knight 0) plays the 13 of Sorcery (+3, so 16).']);
  });
});

describe('narration: a card drawn with a godsend', () => {
  it('the user alone is told which card it drew; everyone sees the godsend used and the card discarded', () => {
    const base = stacked(
      [
        ['so13', 'de2'],
        ['so4', 'de3'],
        ['so7', 'de9'],
      ],
      NO_GODSENDS,
    );
    const s: TournamentState = {
      ...base,
      godsends: [[{ card: GODSENDS.findIndex((g) => g.id === 'chance'), uses: 1 }], [], []],
    };
    const a = go(s, 0, 'use chance');
    expect(publicTexts(tell(s, a, 'spectator'))).toEqual(['Knight 0 uses Stroke of Luck.', 'Knight 0 draws a card.']);
    const drawn = a.hands[0]!.find((c) => !s.hands[0]!.includes(c))!;
    const mine = tell(s, a, 0)
      .filter((e) => e.private)
      .map((e) => e.text);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatch(/^You draw (the \d+ of \w+( \(poisoned\))?|Alchemy \d+|Merlin|the Apprentice)\.$/);
    expect(tell(s, a, 1).some((e) => e.private)).toBe(false);
    const b = go(a, 0, 'discard de2');
    expect(texts(tell(a, b, 'spectator'))).toEqual(['Knight 0 discards the 2 of Deception.']);
    expect(CARD_ID[drawn]).toBeDefined();
  });
});

describe('narration: the end of a round and of the game', () => {
  it("shows the wounds and the healing at the end of a round (the Green Sash's regeneration)", () => {
    const s = {
      ...stacked(
        [
          ['so13', 'so2'],
          ['so4', 'so5'],
          ['so7', 'so3'],
        ],
        { heroes: [null, 'gauvain', null], ...NO_GODSENDS },
      ),
      life: [400, 300, 400],
    };
    const b = run(s, ['so13', 'so4', 'so7', 'so5', 'so3']);
    const c = go(b, tournament.toMove(b)[0]!, 'so2');
    const said = texts(tell(b, c, 'spectator'));
    expect(said.some((t) => /^Sir Gawain \(Knight 1\) heals 10 life \(\d+\)\.$/.test(t))).toBe(true);
    expect(said.filter((t) => / takes (\d+ wounds?|no wounds)/.test(t))).toHaveLength(3);
    expect(tell(b, c, 'spectator').find((e) => /heals/.test(e.text))!.group).toBe('End of round 1');
  });

  it('names the godsend drawn from the pile, and the one taken face up', () => {
    const s = stacked([['so13'], ['so4'], ['so7'], ['so8'], ['so9']], {
      dealer: 4,
      godsends: ['onction', 'baume', 'priere', 'regard'],
    });
    const t = run(s, ['so13', 'so4', 'so7', 'so8', 'so9']);
    const u = go(t, 1, 'draw');
    expect(texts(tell(t, u, 'spectator'))).toContain("Knight 1 draws a godsend: Hermit's Prayer.");
    const v = go(t, 1, 'take baume');
    expect(texts(tell(t, v, 'spectator'))).toContain('Knight 1 takes the godsend Balm.');
  });

  it('says who won the game (kind outcome)', () => {
    const states = randomGame(3, 4);
    const last = states[states.length - 1]!;
    const end = tell(states[states.length - 2]!, last, 'spectator').filter((e) => e.kind === 'outcome');
    expect(end).toHaveLength(1);
    const o = tournament.outcome(last)!;
    expect(end[0]!.text).toContain(
      o.winners.length === 1
        ? `Knight ${o.winners[0]} wins the tournament with ${last.life[o.winners[0]!]} life!`
        : 'share the win',
    );
  });
});

function randomGame(players: number, seed: number): TournamentState[] {
  const rng = createRng(`narrate-tournament-${players}-${seed}`);
  const o = tournament.parseOptions({}, players);
  if (!o.ok) throw new Error('options');
  const created = tournament.setup({ players, options: o.value, seed });
  if (!created.ok) throw new Error('setup');
  let s = created.value;
  const states = [s];
  for (let ply = 0; ply < 5000 && !tournament.outcome(s); ply++) {
    const seats = tournament.toMove(s);
    const seat = seats[nextInt(rng, seats.length)]!;
    const legal = tournament.legalMoves(s, seat);
    const r = tournament.play(s, seat, legal[nextInt(rng, legal.length)]!);
    if (!r.ok) throw new Error('refused');
    s = r.value;
    states.push(s);
  }
  return states;
}

/** Cards `viewer` may not know: other hands (but the cards shown face up) and the draw pile. */
function secretCards(s: TournamentState, viewer: Viewer): Set<string> {
  const out: number[] = [...s.deck];
  s.hands.forEach(
    (h, i) =>
      i !== viewer &&
      out.push(
        ...h.filter(
          (c) =>
            !s.shown[i]!.includes(c) &&
            !s.seen.some((e) => e.viewer === viewer && e.owner === i && e.cards.includes(c)),
        ),
      ),
  );
  return new Set(out.map((c) => CARD_ID[c]!));
}

function checkEntries(
  entries: readonly LogEntry[],
  s0: TournamentState,
  s1: TournamentState,
  v0: TournamentView,
  v1: TournamentView,
  viewer: Viewer,
): void {
  const seen = JSON.stringify([v0, v1]);
  const secret0 = secretCards(s0, viewer);
  const secret1 = secretCards(s1, viewer);
  for (const e of entries) {
    for (const raw of RAW) if (raw.test(e.text)) throw new Error(`raw notation in "${e.text}"`);
    if (/ :/.test(e.text)) throw new Error(`French spacing in English: "${e.text}"`);
    if (/\b1 (cards|wounds)\b/.test(e.text)) throw new Error(`plural after 1: "${e.text}"`);
    for (const ref of e.refs ?? []) {
      if (ref.startsWith('seat:')) continue;
      if (!seen.includes(`"${ref}"`))
        throw new Error(`${String(viewer)} is told of ${ref}, not in its views: "${e.text}"`);
      if (secret0.has(ref) && secret1.has(ref))
        throw new Error(`${String(viewer)} is told of the secret ${ref}: "${e.text}"`);
    }
    // Every card named ("the 7 of Swords") must be in sight of this viewer.
    for (const m of e.text.matchAll(/the (\d+) of (Swords|Arrows|Sorcery|Deception)/g)) {
      if (/declared as the/.test(e.text) && e.text.indexOf(m[0]) > e.text.indexOf('declared as')) continue;
      const id = `${{ Swords: 'sw', Arrows: 'ar', Sorcery: 'so', Deception: 'de' }[m[2]!]}${m[1]}`;
      if (!seen.includes(`"${id}"`))
        throw new Error(`${String(viewer)} is told of ${id}, not in its views: "${e.text}"`);
    }
  }
}

describe('narration: what each seat is told (property)', () => {
  for (const players of [2, 3, 4, 6]) {
    const games = players >= 4 ? 1 : 2;
    it(`${players} players: nothing secret, no notation, a seat's public entries are the spectator's, replay identical`, () => {
      for (let g = 0; g < games; g++) {
        const states = randomGame(players, g);
        const viewers: Viewer[] = ['spectator', ...Array.from({ length: players }, (_, i) => i)];
        let prev = viewers.map((v) => tournament.view(states[0]!, v));
        for (let i = 1; i < states.length; i++) {
          const cur = viewers.map((v) => tournament.view(states[i]!, v));
          const spectator = tournament.narrate!(prev[0]!, cur[0]!, input('spectator', players));
          viewers.forEach((viewer, vi) => {
            const entries = tournament.narrate!(prev[vi]!, cur[vi]!, input(viewer, players));
            if (vi <= 1) expect(tournament.narrate!(prev[vi]!, cur[vi]!, input(viewer, players))).toEqual(entries);
            if (viewer === 'spectator') expect(entries.some((e) => e.private)).toBe(false);
            else expect(publicTexts(entries)).toEqual(texts(spectator));
            checkEntries(entries, states[i - 1]!, states[i]!, prev[vi]!, cur[vi]!, viewer);
            if (vi <= 1)
              for (const e of tournament.narrate!(prev[vi]!, cur[vi]!, input(viewer, players, 'fr')))
                for (const raw of RAW) if (raw.test(e.text)) throw new Error(`raw notation in "${e.text}"`);
          });
          prev = cur;
        }
      }
    });
  }
});
