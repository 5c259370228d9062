import { describe, expect, it } from 'vitest';
import {
  CARD_COUNT,
  KINDS,
  KNIGHTS,
  KNIGHT_DATA,
  RELIC_DATA,
  kindId,
  shadows,
  type ScenarioInput,
  type ShadowsState,
} from '../src/index.ts';
import { at, go, goAll, legal, refuse } from './helpers.ts';

const heroic = (input: ScenarioInput): ShadowsState =>
  at({ phase: { kind: 'heroic' }, ...input, turn: { stage: 'heroic', ...input.turn } });

function started(players: number, seed: number, options: object = {}): ShadowsState {
  const o = shadows.parseOptions(options, players);
  if (!o.ok) throw new Error('options');
  const s = shadows.setup({ players, options: o.value, seed });
  if (!s.ok) throw new Error('setup');
  return s.value;
}

describe('Components as data', () => {
  it('84 white cards (69 standard, 15 special) and 76 black cards (64 standard, 12 special)', () => {
    const count = (colour: string, special: boolean): number =>
      KINDS.filter((k) => k.colour === colour && k.special === special).reduce((n, k) => n + k.count, 0);
    expect([count('white', false), count('white', true), count('black', false), count('black', true)]).toEqual([
      69, 15, 64, 12,
    ]);
    expect(CARD_COUNT).toBe(160);
    for (const k of KINDS)
      expect(k.fr.length * k.en.length * k.provenance.length * k.text.fr.length * k.text.en.length).toBeGreaterThan(0);
    expect(KNIGHTS.map((k) => KNIGHT_DATA[k].provenance)).toHaveLength(7);
    expect(Object.keys(RELIC_DATA)).toEqual(['excalibur', 'grail', 'armor']);
  });
});

describe('Set-up (seed 004)', () => {
  it('each knight: 4 life points, one Merlin and 5 white cards, at Camelot; one loyalty card from n+1', () => {
    const s = started(5, 1);
    for (const k of s.knights) {
      expect(k.life).toBe(4);
      expect(k.hand.length).toBe(6);
      expect(k.hand.map(kindId)).toContain('merlin');
      expect(k.location).toBe('camelot');
    }
    expect(s.loyaltyBox).toBe(1);
    expect(s.knights.map((k) => k.knight)).toEqual(['arthur', 'galahad', 'gawain', 'kay', 'percival']);
    expect(shadows.seatName(0, 5, 'fr')).toBe('Roi Arthur');
    expect(started(5, 1, { loyaltyDeck: 'boxed' }).loyaltyBox).toBe(3);
    expect(shadows.parseOptions({ loyaltyDeck: 'nine' }, 5).ok).toBe(false);
    expect(shadows.setup({ players: 8, options: { loyaltyDeck: 'boxed' }, seed: 1 }).ok).toBe(false);
  });
  it('with n+1 cards the traitor is in play n times out of n+1 (over many seeds)', () => {
    let traitors = 0;
    for (let seed = 0; seed < 400; seed++)
      if (started(3, seed).knights.some((k) => k.loyalty === 'traitor')) traitors++;
    expect(traitors / 400).toBeGreaterThan(0.65);
    expect(traitors / 400).toBeLessThan(0.85);
  });
});

describe('The opening share ([decision]: a proposal every player accepts, else random)', () => {
  it('every player lays one card, the first proposes, the others accept: the proposal is applied', () => {
    let s = started(3, 7);
    const laid = s.knights.map((k) => kindId(k.hand[1]!));
    s = goAll(s, [
      [2, `lay ${laid[2]}`],
      [0, `lay ${laid[0]}`],
      [1, `lay ${laid[1]}`],
    ]);
    expect(shadows.view(s, 1).laid.filter((c) => c !== null)).toHaveLength(3);
    expect(legal(s, 0)).toHaveLength(6);
    s = go(s, 0, 'propose 1 2 0');
    s = goAll(s, [
      [1, 'accept'],
      [2, 'accept'],
    ]);
    expect(s.knights.map((k) => kindId(k.hand[k.hand.length - 1]!))).toEqual([laid[1], laid[2], laid[0]]);
    expect([s.turnNumber, s.active, s.phase.kind]).toEqual([1, 0, 'evil']);
  });
  it('one refusal and the laid cards are dealt at random', () => {
    let s = started(3, 8);
    s = goAll(
      s,
      [0, 1, 2].map((seat) => [seat, `lay ${kindId(s.knights[seat]!.hand[0]!)}`] as const),
    );
    s = goAll(s, [
      [0, 'propose 0 1 2'],
      [1, 'refuse'],
    ]);
    expect(shadows.view(s, 2).me!.answer).toBeUndefined();
    expect(shadows.view(s, 1).me!.answer).toBe('refuse');
    s = go(s, 2, 'accept');
    expect(s.knights.map((k) => k.hand.length)).toEqual([6, 6, 6]);
  });
});

describe('Progression of Evil (seed 004: a black card, a siege engine or a life point)', () => {
  it('the three choices', () => {
    const s = at({});
    expect(legal(s, 0)).toEqual(['evil black', 'evil siege', 'evil life']);
    expect(go(s, 0, 'evil siege').siege).toBe(1);
    expect(go(s, 0, 'evil life').knights[0]!.life).toBe(3);
  });
});

describe('Accusation (seed 004)', () => {
  it('only with 6 swords or 6 siege engines', () => {
    refuse(heroic({ active: 1, whiteSwords: 3, blackSwords: 2, siege: 5 }), 1, 'accuse @2', {
      code: 'TOO_EARLY_TO_ACCUSE',
    });
    expect(legal(heroic({ active: 1, siege: 6 }), 1)).toContain('accuse @2');
  });
  it('the accused traitor is unmasked: he discards his white cards, takes his figure back; a white sword is added', () => {
    const s = heroic({
      active: 1,
      traitor: 2,
      whiteSwords: 4,
      blackSwords: 2,
      hands: [[], [], ['grail', 'grail']],
      locations: ['camelot', 'camelot', 'grail'],
    });
    const t = go(s, 1, 'accuse @2');
    expect(t.knights[2]).toMatchObject({ revealed: true, hand: [], location: null });
    expect(t.whiteSwords).toBe(5);
    expect(shadows.view(t, 0).traitor).toBe(2);
    expect(t.knights[1]!.accused).toBe(true);
  });
  it('a loyal knight wrongly accused turns a white sword black', () => {
    const t = go(heroic({ active: 1, traitor: 0, whiteSwords: 4, blackSwords: 2 }), 1, 'accuse @2');
    expect([t.whiteSwords, t.blackSwords]).toEqual([3, 3]);
    expect(t.knights[2]!.revealed).toBe(false);
  });
  it('once per player per game', () => {
    const s = heroic({ active: 1, siege: 6, accused: [1] });
    expect(legal(s, 1).some((m) => m.startsWith('accuse'))).toBe(false);
    refuse(s, 1, 'accuse @2', { code: 'ALREADY_ACCUSED' });
  });
  it("the revealed traitor's turn: a knight of his choice loses a random white card, then a black card or a siege engine", () => {
    let s = at({
      active: 2,
      traitor: 2,
      revealed: [2],
      hands: [['grail', 'grail'], [], []],
      phase: { kind: 'traitor' },
    });
    expect(legal(s, 2)).toEqual(['target @0']);
    s = go(s, 2, 'target @0');
    expect(s.knights[0]!.hand.length).toBe(1);
    expect(legal(s, 2)).toEqual(['evil black', 'evil siege']);
    refuse(s, 2, 'evil life', { code: 'TRAITOR_NO_LIFE' });
    s = go(s, 2, 'evil siege');
    expect([s.active, s.phase.kind]).toEqual([0, 'evil']);
  });
  it('a hidden traitor may reveal himself', () => {
    const t = go(heroic({ active: 2, traitor: 2 }), 2, 'reveal');
    expect(t.knights[2]!.revealed).toBe(true);
    expect(legal(heroic({ active: 2, traitor: 1 }), 2)).not.toContain('reveal');
  });
});

describe('Death (seed 004: "il périt et sort du jeu sans dévoiler son allégeance")', () => {
  it('a knight at 0 life dies; his cards are discarded, his loyalty stays secret', () => {
    const s = at({ active: 0, traitor: 0, life: [1, 4, 4], hands: [['grail'], [], []] });
    const t = go(s, 0, 'evil life');
    expect(t.knights[0]).toMatchObject({ alive: false, hand: [] });
    const v = shadows.view(t, 1);
    expect(v.traitor).toBeNull();
    expect(JSON.stringify(v.knights[0])).not.toContain('traitor');
    expect([t.active, t.phase.kind]).toEqual([1, 'evil']);
  });
});

describe('End of the game (seed 004)', () => {
  it('12 siege engines: immediate defeat', () => {
    const t = go(at({ traitor: 1, siege: 11 }), 0, 'evil siege');
    expect(shadows.outcome(t)).toMatchObject({ winners: [1], reason: 'siege' });
  });
  it('7 black swords: immediate defeat', () => {
    const t = go(at({ blackSwords: 6, saxons: { figures: 3 }, blackTop: ['saxons'] }), 0, 'evil black');
    expect(shadows.outcome(t)).toMatchObject({ winners: [], reason: 'black-swords' });
  });
  it('every loyal knight dead: defeat, the traitor wins', () => {
    const t = go(at({ traitor: 2, life: [1, 0, 4], dead: [1] }), 0, 'evil life');
    expect(shadows.outcome(t)).toMatchObject({ winners: [2], reason: 'loyal-dead' });
  });
  it('12 swords, hidden traitor: he reveals himself and turns 2 white swords black; no white majority, defeat', () => {
    const s = heroic({
      active: 1,
      traitor: 2,
      whiteSwords: 7,
      blackSwords: 4,
      locations: ['camelot', 'picts', 'camelot'],
      hands: [[], ['fight-5'], []],
      picts: { white: ['fight-1', 'fight-2', 'fight-3', 'fight-4'] },
    });
    const t = go(s, 1, 'fight fight-5');
    expect([t.whiteSwords, t.blackSwords, t.knights[2]!.revealed]).toEqual([6, 6, true]);
    expect(shadows.outcome(t)).toMatchObject({ winners: [2], reason: 'swords' });
  });
  it('12 swords without a traitor: a white majority wins for every loyal knight, the dead too', () => {
    const s = heroic({
      active: 1,
      traitor: null,
      whiteSwords: 7,
      blackSwords: 4,
      dead: [2],
      locations: ['camelot', 'picts', 'camelot'],
      hands: [[], ['fight-5'], []],
      picts: { white: ['fight-1', 'fight-2', 'fight-3', 'fight-4'] },
    });
    const t = go(s, 1, 'fight fight-5');
    expect(shadows.outcome(t)).toMatchObject({ winners: [0, 1, 2], reason: 'swords' });
  });
  it('12 swords with the traitor already unmasked: no flip', () => {
    const s = heroic({
      active: 1,
      traitor: 2,
      revealed: [2],
      whiteSwords: 6,
      blackSwords: 5,
      locations: ['camelot', 'picts', 'camelot'],
      hands: [[], ['fight-5'], []],
      picts: { white: ['fight-1', 'fight-2', 'fight-3', 'fight-4'] },
    });
    expect(shadows.outcome(go(s, 1, 'fight fight-5'))).toMatchObject({ winners: [0, 1], reason: 'swords' });
  });
  it("seed: « si le félon n'est pas démasqué, il se révèle et retourne 2 épées blanches » — also a traitor who died hidden", () => {
    // 7 white and 4 black swords, then a won quest: 8 against 4 before the count, 6 against 6 after it, a defeat.
    const s = heroic({
      active: 1,
      traitor: 2,
      dead: [2],
      whiteSwords: 7,
      blackSwords: 4,
      locations: ['camelot', 'picts', 'camelot'],
      hands: [[], ['fight-5'], []],
      picts: { white: ['fight-1', 'fight-2', 'fight-3', 'fight-4'] },
    });
    const t = go(s, 1, 'fight fight-5');
    expect([t.whiteSwords, t.blackSwords, t.knights[2]!.alive, t.knights[2]!.revealed]).toEqual([6, 6, false, true]);
    expect(shadows.outcome(t)).toMatchObject({ winners: [2], reason: 'swords' });
    expect(shadows.view(t, 0).traitor).toBe(2);
  });
  it('no move is accepted once the game is over', () => {
    const t = go(at({ siege: 11 }), 0, 'evil siege');
    expect(shadows.toMove(t)).toEqual([]);
    expect(shadows.play(t, 0, { type: 'end' })).toMatchObject({ ok: false, error: { code: 'GAME_OVER' } });
  });
});

describe('Bad input: a clear error, nothing changes', () => {
  it('moves out of turn, out of phase, unreadable, with cards not held', () => {
    const s = at({ hands: [['grail'], [], []] });
    refuse(s, 1, 'evil siege', { code: 'NOT_YOUR_TURN', seat: 1 });
    refuse(s, 0, 'draw', { code: 'WRONG_PHASE', phase: 'evil' });
    refuse(s, 0, 'evil sideways', { code: 'BAD_NOTATION' });
    refuse(s, 0, 'dance', { code: 'BAD_NOTATION' });
    const h = heroic({ active: 0, hands: [['grail'], [], []] });
    refuse(h, 0, 'heal fight-5', { code: 'NOT_IN_HAND', card: 'fight-5' });
    refuse(h, 0, 'move camelot', { code: 'ALREADY_THERE' });
    refuse(h, 0, 'give grail @0', { code: 'BAD_TARGET' });
    expect(shadows.play(s, 9, { type: 'end' })).toMatchObject({ ok: false, error: { code: 'BAD_SEAT' } });
  });
  it('errors read in French and English', async () => {
    const { describeError } = await import('@roundtable/core');
    const e = { code: 'TOO_EARLY_TO_ACCUSE', swords: 3, siege: 2 };
    expect(describeError(e, 'fr', shadows.messages)).toContain('6 épées');
    expect(describeError(e, 'en', shadows.messages)).toContain('6 swords');
  });
  it('stored states are validated', () => {
    const s = at({});
    const data = shadows.serialize(s) as { whiteDeck: number[] };
    data.whiteDeck.pop();
    expect(shadows.deserialize(data)).toMatchObject({ ok: false, error: { code: 'BAD_STATE' } });
    expect(shadows.deserialize({ players: 2 })).toMatchObject({ ok: false, error: { code: 'BAD_STATE' } });
  });
});

describe('Notation (NOTATION.md)', () => {
  it('is read back case-insensitively, with French words', () => {
    const s = at({});
    const read = (t: string): string => {
      const m = shadows.parseMove(s, 0, t);
      if (!m.ok) throw new Error(t);
      return shadows.formatMove(s, m.value);
    };
    expect(read('MAL NOIRE')).toBe('evil black');
    expect(read('Placer cachée')).toBe('place down');
    expect(read('aller chevalier-noir')).toBe('move black-knight');
    expect(read('jouer messager @2 combat-5 graal')).toBe('play messenger @2 fight-5 grail');
    expect(read('declarer aide graal')).toBe('declare help grail');
    expect(read('siege f5 f1')).toBe('siege fight-1 fight-5');
  });
});
