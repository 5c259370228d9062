import { describe, expect, it } from 'vitest';
import {
  createRng,
  nextInt,
  type LogEntry,
  type NarrationInput,
  type RngState,
  type Seat,
  type Viewer,
} from '@roundtable/core';
import {
  CARD_ID,
  KINDS,
  kindOfInstance,
  scenario,
  shadows,
  type Move,
  type ShadowsState,
  type ShadowsView,
} from '../src/index.ts';

const names = ['King Arthur', 'Sir Galahad', 'Sir Gawain', 'Sir Kay', 'Sir Percival', 'Sir Palamedes', 'Sir Tristan'];
const input = (
  viewer: Viewer,
  players: number,
  lang: 'en' | 'fr' = 'en',
  move: NarrationInput['move'] = null,
): NarrationInput => ({
  viewer,
  lang,
  players,
  name: (s: Seat) => shadows.seatName(s, players, lang),
  move,
});
const tell = (before: ShadowsState | null, after: ShadowsState, viewer: Viewer, lang: 'en' | 'fr' = 'en'): LogEntry[] =>
  shadows.narrate!(
    before && shadows.view(before, viewer),
    shadows.view(after, viewer),
    input(viewer, after.players, lang),
  );
const texts = (entries: readonly LogEntry[]): string[] => entries.map((e) => e.text);

function start(players: number, seed: number, loyaltyDeck = 'players-plus-one'): ShadowsState {
  const o = shadows.parseOptions({ loyaltyDeck }, players);
  if (!o.ok) throw new Error('options');
  const s = shadows.setup({ players, options: o.value, seed });
  if (!s.ok) throw new Error('setup');
  return s.value;
}

function step(s: ShadowsState, seat: Seat, text: string): ShadowsState {
  const m = shadows.parseMove(s, seat, text);
  if (!m.ok) throw new Error(`${text}: ${m.error.code}`);
  const r = shadows.play(s, seat, m.value);
  if (!r.ok) throw new Error(`${text}: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** A random game, biased like the rules' property tests towards long games with quests won and lost. */
function randomGame(
  players: number,
  seed: number,
  rng: RngState,
): { states: ShadowsState[]; moves: { seat: Seat; move: Move }[] } {
  let s = start(players, seed, seed % 3 === 0 ? 'boxed' : 'players-plus-one');
  const states = [s];
  const moves: { seat: Seat; move: Move }[] = [];
  for (let ply = 0; ply < 20_000 && !shadows.outcome(s); ply++) {
    const seats = shadows.toMove(s);
    const seat = seats[nextInt(rng, seats.length)]!;
    let legal = shadows.legalMoves(s, seat);
    const keep = legal.filter(
      (m) =>
        !(m.type === 'evil' && m.choice === 'life') &&
        m.type !== 'declare' &&
        m.type !== 'reveal' &&
        !(m.type === 'end' && s.turn.used.length === 0),
    );
    const act =
      s.phase.kind === 'heroic' && s.turn.used.length === 0
        ? keep.filter((m) => m.type !== 'end')
        : s.phase.kind === 'heroic'
          ? keep.filter((m) => m.type === 'end')
          : keep;
    if (act.length > 0) legal = act;
    else if (keep.length > 0) legal = keep;
    const move = legal[nextInt(rng, legal.length)]!;
    const r = shadows.play(s, seat, move);
    if (!r.ok) throw new Error('legal move refused');
    moves.push({ seat, move });
    s = r.value;
    states.push(s);
  }
  return { states, moves };
}

/** Instance ids of the cards `viewer` may not know in `s` (other hands, piles, others' face-down cards). */
function secretCards(s: ShadowsState, viewer: Viewer): Set<string> {
  const out: number[] = [...s.whiteDeck, ...s.blackDeck];
  s.knights.forEach((k, i) => i !== viewer && out.push(...k.hand));
  for (const q of [s.board.blackKnight, s.board.lancelot])
    for (const p of q.black) if (p.down && p.by !== viewer) out.push(p.card);
  return new Set(out.map((c) => CARD_ID[c]!));
}

/** Card names that are not also the name of a quest, relic or of Merlin's call, so their mention means the card. */
const NAMED = KINDS.filter((k) => !['excalibur', 'grail', 'picts', 'saxons', 'merlin', 'lady'].includes(k.id));
const RAW = [
  /\b(fight|bk|ld|morgan)-\d/,
  /\b[a-z]+-?\w*\.\d+\b/,
  /@\d/,
  /→/,
  /\bevil (black|siege|life)\b/,
  /\bpropose \d/,
  /\bgive \w+ @/,
  /\blay fight/,
  /\bplays play\b/,
];

describe('narration: the opening and the Progression of Evil', () => {
  it('tells the laid cards, the proposal and who has answered — never what — until the vote closes', () => {
    let s = start(3, 7);
    const laidBy: string[] = [];
    for (const seat of [0, 1, 2]) {
      const kind = kindOfInstance(CARD_ID[s.knights[seat]!.hand[0]!]!);
      laidBy.push(KINDS.find((k) => k.id === kind)!.en);
      const next = step(s, seat, `lay ${kind}`);
      expect(texts(tell(s, next, 'spectator'))).toEqual([`${names[seat]} lays ${laidBy[seat]} face up.`]);
      s = next;
    }
    let next = step(s, 0, 'propose 1 2 0');
    expect(texts(tell(s, next, 'spectator'))).toEqual([
      `King Arthur proposes the share: King Arthur takes ${laidBy[1]}, Sir Galahad takes ${laidBy[2]} and Sir Gawain takes ${laidBy[0]}.`,
    ]);
    s = next;
    next = step(s, 1, 'refuse');
    expect(texts(tell(s, next, 'spectator'))).toEqual(['Sir Galahad has answered.']);
    expect(texts(tell(s, next, 2))).toEqual(['Sir Galahad has answered.']);
    s = next;
    next = step(s, 2, 'accept');
    const told = texts(tell(s, next, 'spectator'));
    expect(told).toEqual([
      'Sir Gawain has answered.',
      'Everyone has answered: each knight takes one of the laid cards.',
    ]);
    expect(told.join(' ')).not.toMatch(/refuse|accept/i);
    // Each knight is told privately which card it received.
    expect(
      tell(s, next, 1)
        .filter((e) => e.private)
        .map((e) => e.text)[0],
    ).toMatch(/^You receive /);
  });

  it('names a non-combat black card drawn, and a combat card laid face down only by where it lies', () => {
    // Play random games until both happened; the sentences are checked where they occur.
    const rng = createRng('narrate-evil');
    let named = 0;
    let hidden = 0;
    for (let g = 0; g < 4 && (named === 0 || hidden === 0); g++) {
      const { states, moves } = randomGame(4, 40 + g, rng);
      for (let i = 0; i < moves.length; i++) {
        const m = moves[i]!.move;
        const [s, next] = [states[i]!, states[i + 1]!];
        if (
          m.type === 'evil' &&
          m.choice === 'black' &&
          next.blackDiscard.length > s.blackDiscard.length &&
          next.phase.kind !== 'excalibur'
        ) {
          const drawn = next.blackDiscard[next.blackDiscard.length - 1]!;
          const kind = KINDS.find((k) => k.id === kindOfInstance(CARD_ID[drawn]!))!;
          if (kind.effect === 'black-knight' || kind.effect === 'lancelot-dragon') continue;
          expect(texts(tell(s, next, 'spectator'))).toContain(`${names[s.active]} draws ${kind.en}.`);
          expect(texts(tell(s, next, 'spectator', 'fr'))).toContain(
            `${shadows.seatName(s.active, 4, 'fr')} pioche ${kind.fr}.`,
          );
          named++;
        }
        if (m.type === 'place' && m.face === 'down') {
          const said = texts(tell(s, next, 'spectator')).join(' ');
          expect(said).toMatch(/draws a black card and lays it face down on the (Black Knight|Lancelot) quest\./);
          expect(said).not.toMatch(/Black Knight \d|Lancelot \d/);
          // The drawer alone is told, privately, which card it laid.
          const mine = tell(s, next, s.active).filter((e) => e.private);
          expect(mine.map((e) => e.text).join(' ')).toMatch(
            /Your face-down card on the (Black Knight|Lancelot) quest: (Black Knight|Lancelot) \d/,
          );
          hidden++;
        }
      }
    }
    expect(named).toBeGreaterThan(0);
    expect(hidden).toBeGreaterThan(0);
  });
});

describe('narration: a Merlin call', () => {
  it('who has answered is told while the call is open, who played Merlin only once it closes', () => {
    let s = scenario({
      players: 3,
      seed: 1,
      phase: { kind: 'evil' },
      active: 0,
      blackTop: ['broceliande'],
      hands: [
        ['merlin', 'fight-1'],
        ['merlin', 'fight-2'],
        ['merlin', 'fight-3'],
      ],
    });
    let next = step(s, 0, 'evil black');
    expect(texts(tell(s, next, 'spectator'))).toEqual([
      'King Arthur draws Dark Forest.',
      'Dark Forest: every knight may answer with Merlin cards (three cancel it).',
    ]);
    s = next;
    const order = shadows.toMove(s);
    expect(order).toHaveLength(3);
    for (const [i, seat] of order.entries()) {
      next = step(s, seat, 'merlin');
      const said = texts(tell(s, next, 'spectator'));
      if (i < 2) {
        expect(said).toEqual([`${names[seat]} has answered.`]);
        // Not even the other knights' own narration says what was answered.
        for (const v of [0, 1, 2]) expect(texts(tell(s, next, v)).join(' ')).not.toMatch(/Merlin/);
      } else {
        expect(said).toEqual([
          `${names[seat]} has answered.`,
          'King Arthur, Sir Galahad and Sir Gawain play Merlin: Dark Forest is cancelled.',
        ]);
      }
      s = next;
    }
  });
});

describe("narration: King Arthur's exchange, face down", () => {
  it('says who gives a card to whom, and only the two knights learn which', () => {
    const s = scenario({
      players: 3,
      seed: 1,
      phase: { kind: 'heroic' },
      active: 0,
      hands: [['fight-1', 'grail'], ['fight-5', 'piety'], ['fight-2']],
    });
    const a = step(s, 0, 'give fight-1 @1');
    expect(texts(tell(s, a, 'spectator'))).toEqual(['King Arthur gives a card face down to Sir Galahad.']);
    expect(texts(tell(s, a, 2))).toEqual(['King Arthur gives a card face down to Sir Galahad.']);
    expect(
      tell(s, a, 1)
        .filter((e) => e.private)
        .map((e) => e.text),
    ).toEqual(['You receive Fight 1.']);
    expect(
      tell(s, a, 0)
        .filter((e) => e.private)
        .map((e) => e.text),
    ).toEqual(['You give Fight 1.']);
    const b = step(a, 1, 'return piety');
    expect(texts(tell(a, b, 'spectator'))).toEqual(['Sir Galahad gives a card back face down to King Arthur.']);
    expect(texts(tell(a, b, 'spectator')).join(' ')).not.toMatch(/Piety|Fight/);
    expect(
      tell(a, b, 0)
        .filter((e) => e.private)
        .map((e) => e.text),
    ).toEqual(['You receive Piety.']);
  });
});

describe('narration: quests, deaths and the end', () => {
  it('announces the end and names the traitor (seed 004: «\u00a0il se révèle\u00a0»), or says there was none', () => {
    const rng = createRng('narrate-end');
    for (let g = 0; g < 6; g++) {
      const { states } = randomGame(3 + (g % 5), 200 + g, rng);
      const last = states[states.length - 1]!;
      const end = tell(states[states.length - 2]!, last, 'spectator').filter((e) => e.kind === 'outcome');
      expect(end).toHaveLength(1);
      const traitor = last.knights.findIndex((k) => k.loyalty === 'traitor');
      expect(end[0]!.text).toContain(
        traitor >= 0 ? `The traitor was ${names[traitor]}.` : 'There was no traitor among the knights.',
      );
      expect(end[0]!.text).toMatch(/^(The loyal knights win|The shadows win): /);
    }
  });

  it('scenario: a war won with the last fight card, and its sword', () => {
    const s = scenario({
      players: 3,
      seed: 1,
      phase: { kind: 'heroic' },
      active: 0,
      locations: ['picts', 'camelot', 'camelot'],
      hands: [['fight-5'], [], []],
      picts: { white: ['fight-1', 'fight-2', 'fight-3', 'fight-4'] },
      turnNumber: 3,
    });
    const next = step(s, 0, 'fight fight-5');
    const said = texts(tell(s, next, 'spectator'));
    expect(said.slice(0, 2)).toEqual(['King Arthur plays Fight 5 on the Picts war.', 'The Picts war is won!']);
    expect(said).toContain('A white sword is laid on the Round Table (1 white, 0 black).');
    expect(texts(tell(s, next, 'spectator', 'fr'))).toContain('La guerre contre les Pictes est gagnée\u00a0!');
  });

  it('scenario: a war lost to a fourth figure', () => {
    const s = scenario({
      players: 3,
      seed: 1,
      phase: { kind: 'evil' },
      active: 1,
      picts: { figures: 3 },
      blackTop: ['picts'],
      turnNumber: 4,
    });
    const next = step(s, 1, 'evil black');
    const said = texts(tell(s, next, 'spectator'));
    expect(said).toContain('Sir Galahad draws Picts.');
    expect(said).toContain('The Picts war is lost.');
    expect(said.join(' ')).toMatch(/A black sword is laid on the Round Table \(0 white, 1 black\)\./);
  });

  it('scenario: the Progression of Evil by a siege engine says who chose it', () => {
    const s = scenario({ players: 3, seed: 3, phase: { kind: 'evil' }, active: 2, siege: 3, turnNumber: 7 });
    const next = step(s, 2, 'evil siege');
    expect(texts(tell(s, next, 'spectator'))).toEqual([
      'Sir Gawain chooses a siege engine: 4 now stand before Camelot.',
    ]);
    expect(texts(tell(s, next, 'spectator', 'fr'))).toEqual([
      'Sire Gauvain choisit un engin de siège\u00a0: il y en a 4 devant Camelot.',
    ]);
  });

  it('scenario: a knight who dies is announced', () => {
    const s = scenario({ players: 3, seed: 3, life: [1, 4, 4], phase: { kind: 'evil' }, active: 0, turnNumber: 5 });
    const next = step(s, 0, 'evil life');
    const said = texts(tell(s, next, 'spectator'));
    expect(said).toContain('King Arthur dies.');
    expect(tell(s, next, 'spectator')[0]!.group).toBe('Turn 5 — King Arthur');
  });
});

describe('narration: what each seat is told (property)', () => {
  for (const players of [3, 5, 7]) {
    it(`${players} players: no secret card or traitor named, no raw notation, a seat's public entries are the spectator's, replay identical`, () => {
      const rng = createRng(`narrate-prop-${players}`);
      for (let g = 0; g < 2; g++) {
        const { states } = randomGame(players, 900 + g, rng);
        const viewers: Viewer[] = ['spectator', ...Array.from({ length: players }, (_, i) => i)];
        const views = (s: ShadowsState) => viewers.map((v) => shadows.view(s, v));
        let prev = views(states[0]!);
        for (let i = 1; i < states.length; i++) {
          const cur = views(states[i]!);
          const spectator = shadows.narrate!(prev[0]!, cur[0]!, input('spectator', players));
          viewers.forEach((viewer, vi) => {
            const entries = shadows.narrate!(prev[vi]!, cur[vi]!, input(viewer, players));
            if (viewer !== 'spectator') expect(texts(entries.filter((e) => !e.private))).toEqual(texts(spectator));
            else expect(entries.some((e) => e.private)).toBe(false);
            checkEntries(entries, states[i - 1]!, states[i]!, prev[vi]!, cur[vi]!, viewer);
          });
          prev = cur;
        }
      }
    });
  }

  it('replays identically from the match record, in both languages', () => {
    const rng = createRng('narrate-replay');
    const { states, moves } = randomGame(4, 77, rng);
    // The same match replayed from its seed and its moves in notation, as a stored record is.
    const replayed = [start(4, 77, 'players-plus-one')];
    for (const [i, m] of moves.entries())
      replayed.push(step(replayed[i]!, m.seat, shadows.formatMove(states[i]!, m.move)));
    for (const lang of ['en', 'fr'] as const) {
      const once = states.slice(1).map((s, i) => tell(states[i]!, s, 2, lang));
      const again = replayed.slice(1).map((s, i) => tell(replayed[i]!, s, 2, lang));
      expect(again).toEqual(once);
      for (const e of once.flat()) for (const raw of RAW) expect(e.text, e.text).not.toMatch(raw);
      if (lang === 'en') for (const e of once.flat()) expect(e.text).not.toMatch(/ :/);
    }
  });
});

function checkEntries(
  entries: readonly LogEntry[],
  s0: ShadowsState,
  s1: ShadowsState,
  v0: ShadowsView,
  v1: ShadowsView,
  viewer: Viewer,
): void {
  const seen = JSON.stringify([v0, v1]);
  const secret0 = secretCards(s0, viewer);
  const secret1 = secretCards(s1, viewer);
  for (const e of entries) {
    for (const raw of RAW) if (raw.test(e.text)) throw new Error(`raw notation in "${e.text}"`);
    if (/ :/.test(e.text)) throw new Error(`French spacing in English: "${e.text}"`);
    for (const ref of e.refs ?? []) {
      if (!/\.\d+$/.test(ref)) continue;
      if (!seen.includes(`"${ref}"`))
        throw new Error(`${String(viewer)} is told of ${ref}, which its views do not show: "${e.text}"`);
      if (secret0.has(ref) && secret1.has(ref))
        throw new Error(`${String(viewer)} is told of the secret ${ref}: "${e.text}"`);
    }
    // A card name in a sentence: some copy of it must be in sight of this viewer.
    for (const k of NAMED) {
      if (!new RegExp(`\\b${k.en.replace(/[/]/g, '\\/')}\\b`).test(e.text)) continue;
      if (!seen.includes(`"${k.id}.`))
        throw new Error(`${String(viewer)} is told of a ${k.en} it cannot see: "${e.text}"`);
    }
    if (e.kind !== 'outcome' && /traitor!|was the traitor/.test(e.text) && v1.traitor === null)
      throw new Error(`traitor named before the reveal: "${e.text}"`);
  }
}
