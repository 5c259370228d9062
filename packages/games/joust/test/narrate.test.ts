import { describe, expect, it } from 'vitest';
import { createRng, nextInt, type LogEntry, type NarrationInput, type Seat, type Viewer } from '@roundtable/core';
import { CARD_ID, KINDS, joust, type JoustState, type JoustView } from '../src/index.ts';
import { go, scenario } from './helpers.ts';

const input = (viewer: Viewer, players: number, lang: 'en' | 'fr' = 'en'): NarrationInput => ({
  viewer,
  lang,
  players,
  name: (s: Seat) => joust.seatName(s, players, lang),
  move: null,
});
const tell = (before: JoustState | null, after: JoustState, viewer: Viewer, lang: 'en' | 'fr' = 'en'): LogEntry[] =>
  joust.narrate!(before && joust.view(before, viewer), joust.view(after, viewer), input(viewer, after.players, lang));
const texts = (entries: readonly LogEntry[]): string[] => entries.map((e) => e.text);
const publicTexts = (entries: readonly LogEntry[]): string[] => texts(entries.filter((e) => !e.private));

const RAW = [
  /\b(purple|red|blue|yellow|green|squire)-\d/,
  /\b[a-z-]+\.\d+\b/,
  /@\d/,
  /→/,
  /\bplays play\b/,
  /\bplay [a-z]+-\d/,
  /\bstart (purple|red|blue|yellow|green)\b/,
];

describe('narration: cards played', () => {
  it('a colour card: who, which, the new total — no doubled verb, no notation', () => {
    const s = scenario({ colour: 'red', displays: [['red-3'], ['red-5']], hands: [['red-4'], []] });
    const next = go(s, 0, 'play red-4');
    expect(texts(tell(s, next, 'spectator'))).toEqual(['Knight 0 plays Red 4 (total 7).']);
    expect(texts(tell(s, next, 'spectator', 'fr'))).toEqual(['Chevalier 0 joue Rouge 4 (total 7).']);
  });

  it('an action card: its aim is public; answers are told as answered, Ivanhoe only once the window closes', () => {
    const s = scenario({
      colour: 'purple',
      displays: [['purple-3'], ['purple-4'], ['purple-5']],
      hands: [['desarconne'], ['lancelot'], ['red-3']],
    });
    let next = go(s, 0, 'play desarconne red');
    expect(texts(tell(s, next, 'spectator'))).toEqual([
      'Knight 0 plays Unhorse: the tournament would become red.',
      'Every other player still in may answer with Ivanhoe.',
    ]);
    let t = next;
    next = go(t, 1, 'lancelot');
    expect(texts(tell(t, next, 'spectator'))).toEqual(['Knight 1 has answered.']);
    expect(texts(tell(t, next, 2))).toEqual(['Knight 1 has answered.']);
    t = next;
    next = go(t, 2, 'pass');
    expect(texts(tell(t, next, 'spectator'))).toEqual([
      'Knight 2 has answered.',
      'Knight 1 plays Ivanhoe: Unhorse is cancelled.',
    ]);
  });

  it('Knock Down: everyone is told a card was taken, only the two knights which', () => {
    const s = scenario({ colour: 'red', displays: [['red-5'], ['red-4']], hands: [['chute'], ['yellow-3']] });
    let t = go(s, 0, 'play chute @1');
    for (const w of [1, 2]) t = go(t, w, 'pass');
    const before = go(s, 0, 'play chute @1');
    const after2 = go(go(before, 1, 'pass'), 2, 'pass');
    const mid = go(before, 1, 'pass');
    const said = publicTexts(tell(mid, after2, 'spectator'));
    expect(said).toContain("Knight 0 takes a random card from Knight 1's hand.");
    expect(said.join(' ')).not.toMatch(/Yellow/);
    expect(texts(tell(mid, after2, 0).filter((e) => e.private))).toEqual(['You take Yellow 3.']);
    expect(texts(tell(mid, after2, 1).filter((e) => e.private))).toEqual(['You lose Yellow 3.']);
    expect(tell(mid, after2, 2).some((e) => e.private)).toBe(false);
    expect(t).toEqual(after2);
  });
});

describe('narration: tournaments and the game', () => {
  it('says who won the tournament and the token taken', () => {
    const s = scenario({ players: 2, colour: 'blue', displays: [['blue-4'], ['blue-2']], hands: [[], []], active: 1 });
    const next = go(s, 1, 'withdraw');
    const said = texts(tell(s, next, 'spectator'));
    expect(said).toEqual(
      expect.arrayContaining([
        'Knight 1 withdraws from the tournament.',
        'Knight 0 wins the blue tournament!',
        'Knight 0 takes a blue token (1 token).',
      ]),
    );
    expect(said.indexOf('Knight 0 wins the blue tournament!')).toBeLessThan(
      said.indexOf('Knight 0 takes a blue token (1 token).'),
    );
    expect(tell(s, next, 'spectator')[0]!.group).toBe('Tournament 1 — blue');
  });

  it('says who won the game at the end (kind outcome)', () => {
    const s = scenario({
      players: 2,
      colour: 'green',
      displays: [['green-1'], []],
      hands: [[], []],
      active: 1,
      tokens: [['purple', 'red', 'blue', 'yellow'], []],
    });
    const next = go(s, 1, 'withdraw');
    const end = tell(s, next, 'spectator').filter((e) => e.kind === 'outcome');
    expect(texts(end)).toEqual(['Knight 0 wins the game with 5 tokens!']);
    expect(texts(tell(s, next, 'spectator', 'fr').filter((e) => e.kind === 'outcome'))).toEqual([
      'Chevalier 0 gagne la partie avec 5 jetons\u00a0!',
    ]);
  });
});

function randomGame(players: number, seed: number): JoustState[] {
  const rng = createRng(`narrate-joust-${players}-${seed}`);
  const options = joust.parseOptions({}, players);
  if (!options.ok) throw new Error('options');
  const created = joust.setup({ players, options: options.value, seed });
  if (!created.ok) throw new Error('setup');
  let s = created.value;
  const states = [s];
  for (let ply = 0; ply < 3000 && !joust.outcome(s); ply++) {
    const seats = joust.toMove(s);
    const seat = seats[nextInt(rng, seats.length)]!;
    const legal = joust.legalMoves(s, seat);
    // Fewer early withdrawals, so tournaments are fought.
    const keep = legal.filter((m) => m.type !== 'withdraw');
    const pool = keep.length > 0 && nextInt(rng, 4) !== 0 ? keep : legal;
    const r = joust.play(s, seat, pool[nextInt(rng, pool.length)]!);
    if (!r.ok) throw new Error('refused');
    s = r.value;
    states.push(s);
  }
  return states;
}

/** Cards `viewer` may not know: other hands and the deck, except a hand shown to all. */
function secretCards(s: JoustState, viewer: Viewer): Set<string> {
  const out: number[] = [...s.deck];
  s.hands.forEach(
    (h, i) => i !== viewer && out.push(...h.filter((c) => !(s.revealed?.seat === i && s.revealed.cards.includes(c)))),
  );
  return new Set(out.map((c) => CARD_ID[c]!));
}

const NAMED = KINDS.filter((k) => k.id !== 'lancelot' && k.id !== 'bouclier');

function checkEntries(
  entries: readonly LogEntry[],
  s0: JoustState,
  s1: JoustState,
  v0: JoustView,
  v1: JoustView,
  viewer: Viewer,
): void {
  const seen = JSON.stringify([v0, v1]);
  const secret0 = secretCards(s0, viewer);
  const secret1 = secretCards(s1, viewer);
  for (const e of entries) {
    for (const raw of RAW) if (raw.test(e.text)) throw new Error(`raw notation in "${e.text}"`);
    if (e.text.includes(' :')) throw new Error(`French spacing in English: "${e.text}"`);
    if (/\b1 (cards|tokens)\b/.test(e.text)) throw new Error(`plural after 1: "${e.text}"`);
    for (const ref of e.refs ?? []) {
      if (!/\.\d+$/.test(ref)) continue;
      if (!seen.includes(`"${ref}"`))
        throw new Error(`${String(viewer)} is told of ${ref}, not in its views: "${e.text}"`);
      if (secret0.has(ref) && secret1.has(ref))
        throw new Error(`${String(viewer)} is told of the secret ${ref}: "${e.text}"`);
    }
    for (const k of NAMED) {
      if (!new RegExp(`\\b${k.en}\\b`).test(e.text)) continue;
      if (!seen.includes(`"${k.id}.`))
        throw new Error(`${String(viewer)} is told of a ${k.en} it cannot see: "${e.text}"`);
    }
  }
}

describe('narration: what each seat is told (property)', () => {
  for (const players of [2, 3, 4, 5]) {
    it(`${players} players: nothing secret, no notation, a seat's public entries are the spectator's, replay identical`, () => {
      for (let g = 0; g < 3; g++) {
        const states = randomGame(players, g);
        const viewers: Viewer[] = ['spectator', ...Array.from({ length: players }, (_, i) => i)];
        let prev = viewers.map((v) => joust.view(states[0]!, v));
        let outcomes = 0;
        for (let i = 1; i < states.length; i++) {
          const cur = viewers.map((v) => joust.view(states[i]!, v));
          const spectator = joust.narrate!(prev[0]!, cur[0]!, input('spectator', players));
          outcomes += spectator.filter((e) => e.kind === 'outcome').length;
          viewers.forEach((viewer, vi) => {
            const entries = joust.narrate!(prev[vi]!, cur[vi]!, input(viewer, players));
            expect(joust.narrate!(prev[vi]!, cur[vi]!, input(viewer, players))).toEqual(entries);
            if (viewer === 'spectator') expect(entries.some((e) => e.private)).toBe(false);
            else expect(publicTexts(entries)).toEqual(texts(spectator));
            checkEntries(entries, states[i - 1]!, states[i]!, prev[vi]!, cur[vi]!, viewer);
            for (const e of joust.narrate!(prev[vi]!, cur[vi]!, input(viewer, players, 'fr')))
              for (const raw of RAW) expect(e.text).not.toMatch(raw);
          });
          prev = cur;
        }
        expect(outcomes).toBe(joust.outcome(states[states.length - 1]!) ? 1 : 0);
      }
    });
  }
});
