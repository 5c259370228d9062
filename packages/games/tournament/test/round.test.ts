import { describe, expect, it } from 'vitest';
import {
  GODSENDS,
  POISONED_VALUES,
  SUITS,
  SUIT_CODE,
  godsendCount,
  godsendQueue,
  nextDealer,
  tournament,
  type TournamentState,
} from '../src/index.ts';
import { accountFor, go, legal, refuse, run, stacked } from './helpers.ts';

const NO_GODSENDS = { options: { godsends: false } } as const;
const gid = (s: TournamentState, seat: number): string[] => s.godsends[seat]!.map((g) => GODSENDS[g.card]!.id);

describe('wounds at the end of the round (seed 001, MANCHE 5)', () => {
  it.each(SUITS.map((s) => [s]))('poisoned %s cards wound for 10, standard ones for 5', (suit) => {
    const code = SUIT_CODE[suit];
    const poisoned = POISONED_VALUES[suit][0]!;
    const hands = [[`${code}${poisoned}`], [`${code}1`], [`${code}2`], [`${code}3`]];
    const t = run(
      stacked(hands, { ...NO_GODSENDS, dealer: 3 }),
      hands.map((h) => h[0]!),
    );
    expect(t.lastRound!.wounds).toEqual([0, 25, 0, 0]);
    expect(t.life).toEqual([400, 375, 400, 400]);
    const std = [[`${code}15`], [`${code}1`], [`${code}2`], [`${code}3`]];
    const u = run(
      stacked(std, { ...NO_GODSENDS, dealer: 3 }),
      std.map((h) => h[0]!),
    );
    expect(u.lastRound!.wounds).toEqual([0, 20, 0, 0]);
  });
  it('each suit has 4 poisoned values; the table is the course specification', () => {
    expect(POISONED_VALUES).toEqual({
      swords: [6, 7, 8, 9],
      arrows: [8, 9, 10, 11],
      sorcery: [5, 6, 11, 12],
      deception: [6, 7, 9, 10],
    });
  });
  it('the next round is dealt: 12 cards each, by the new dealer', () => {
    const t = run(stacked([['so13'], ['so4'], ['so7']], NO_GODSENDS), ['so13', 'so4', 'so7']);
    expect(t.round).toBe(2);
    expect(t.dealer).toBe(1);
    expect(t.hands.map((h) => h.length)).toEqual([12, 12, 12]);
    expect(tournament.toMove(t)).toEqual([2]);
    accountFor(t);
  });
});

describe('the next dealer (seed 001, MANCHE 8)', () => {
  it('is the seat that took the most wounds this round, déshonneur included', () => {
    expect(nextDealer(4, 0, [10, 30, 20, 0])).toBe(1);
  });
  it('ties go to the seat nearest the previous dealer, clockwise; [decision] the previous dealer comes last', () => {
    expect(nextDealer(4, 1, [10, 0, 10, 0])).toBe(2);
    expect(nextDealer(4, 2, [10, 0, 10, 0])).toBe(0);
    expect(nextDealer(3, 0, [10, 0, 10])).toBe(2);
  });
});

describe('godsends: how many (seed 001, DISTRIBUTION DES CARTES FAVEUR DIVINE)', () => {
  it('3–4 knights: 1, 2, then 3 of the most wounded; 5–6 knights: 2, 3, 4, then 5', () => {
    for (const p of [2, 3, 4]) expect([1, 2, 3, 4, 5].map((r) => godsendCount(p, r))).toEqual([1, 2, 3, 3, 3]);
    for (const p of [5, 6]) expect([1, 2, 3, 4, 5].map((r) => godsendCount(p, r))).toEqual([2, 3, 4, 5, 5]);
  });
  it('seed 001: « Les cartes FAVEUR DIVINE sont là pour aider les chevaliers les plus bas en vie » — [decision] « ayant subi le plus de blessures » counts the whole tournament: the lowest in life get them, not the most wounded of the round', () => {
    // Seat 0 took the most wounds this round (30) but seat 1 is the lowest in life.
    expect(godsendQueue(4, 1, 3, [390, 360, 400, 370])).toEqual([1]);
  });
  it('4 knights, rounds 1 to 4: 1, 2, then 3 of the lowest in life', () => {
    const life = [370, 390, 400, 380];
    expect(godsendQueue(4, 1, 3, life)).toEqual([0]);
    expect(godsendQueue(4, 2, 3, life)).toEqual([0, 3]);
    expect(godsendQueue(4, 3, 3, life)).toEqual([0, 3, 1]);
    expect(godsendQueue(4, 4, 3, life)).toEqual([0, 3, 1]);
  });
  it("seed 001: « DANS LE CADRE D'UN TOURNOI À 3 PARTICIPANTS, LE CHEVALIER DISPOSANT DU PLUS GRAND NOMBRE DE POINTS DE VIE NE REÇOIT PAS DE CARTE »", () => {
    expect(godsendQueue(3, 3, 0, [300, 290, 350])).toEqual([1, 0]);
    expect(godsendQueue(3, 1, 0, [400, 350, 380])).toEqual([1]);
  });
  it('6 knights, rounds 1 to 4: 2, 3, 4, then 5 of the lowest in life', () => {
    const life = [340, 350, 360, 370, 380, 390];
    expect(godsendQueue(6, 1, 5, life)).toEqual([0, 1]);
    expect(godsendQueue(6, 2, 5, life)).toEqual([0, 1, 2]);
    expect(godsendQueue(6, 3, 5, life)).toEqual([0, 1, 2, 3]);
    expect(godsendQueue(6, 4, 5, life)).toEqual([0, 1, 2, 3, 4]);
  });
  it('seed 001: « LE CHEVALIER DISPOSANT DU PLUS GRAND NOMBRE DE POINTS DE VIE NE REÇOIT JAMAIS DE CARTES FAVEUR DIVINE »', () => {
    expect(godsendQueue(6, 6, 5, [340, 350, 360, 370, 380, 390])).toEqual([0, 1, 2, 3, 4]);
    expect(godsendQueue(5, 4, 4, [400, 350, 360, 370, 400])).toEqual([1, 2, 3]); // two share the most life
  });
  it('one more card at 100 behind the healthiest, another at 200, each list from the lowest in life', () => {
    const life = [400, 180, 290, 250];
    // base (round 1): seat 1; +100: seats 1, 3, 2 by life; +200: seat 1 (220 behind)
    expect(godsendQueue(4, 1, 3, life)).toEqual([1, 1, 3, 2, 1]);
  });
  it("seed 001: « En cas d'égalité, le chevalier concerné le plus proche du précédent donneur pioche une carte FAVEUR DIVINE en premier »", () => {
    expect(godsendQueue(4, 2, 1, [380, 400, 380, 400])).toEqual([2, 0]);
    expect(godsendQueue(4, 2, 2, [380, 400, 380, 400])).toEqual([0, 2]);
  });
  it('nobody gets one when everybody is equally healthy', () => {
    expect(godsendQueue(4, 3, 0, [400, 400, 400, 400])).toEqual([]);
  });
});

describe('godsends: choosing (seed 001, COMMENT LES CHEVALIERS CHOISISSENT-ILS)', () => {
  it('two are turned face up; the lowest in life takes one or draws; the ones not chosen are discarded', () => {
    const s = stacked([['so13'], ['so4'], ['so7']], { godsends: ['onction', 'baume', 'priere'] });
    const t = run(s, ['so13', 'so4', 'so7']);
    expect(t.phase).toEqual({ kind: 'godsend', queue: [1], faceUp: [0, 3] });
    expect(legal(t, 1)).toEqual(['take onction', 'take baume', 'draw']);
    refuse(t, 1, 'take priere', { code: 'NOT_FACE_UP' });
    refuse(t, 0, 'take onction', { code: 'NOT_YOUR_TURN' });
    const u = go(t, 1, 'take baume');
    expect(gid(u, 1)).toEqual(['baume']);
    expect(u.godsendDiscard.map((g) => GODSENDS[g]!.id)).toEqual(['onction']);
    expect(u.phase.kind).toBe('combat');
    expect(u.round).toBe(2);
    accountFor(u);
  });
  it('at the end of a round the godsend goes to the lowest in life; the most wounded of the round deals next', () => {
    const s = {
      ...stacked([['so13'], ['so4'], ['so7']], { godsends: ['onction', 'baume', 'priere'] }),
      life: [300, 400, 390],
    };
    const t = run(s, ['so13', 'so4', 'so7']);
    expect(t.lastRound).toMatchObject({ wounds: [0, 15, 0], life: [300, 385, 390], nextDealer: 1, godsendQueue: [0] });
    expect(t.phase).toMatchObject({ kind: 'godsend', queue: [0] });
  });
  it('a face-up card taken is replaced when someone still chooses; "draw" takes the top of the pile', () => {
    const s = stacked([['so13'], ['so4'], ['so7'], ['so8'], ['so9']], {
      dealer: 4,
      godsends: ['onction', 'baume', 'priere', 'regard'],
    });
    const t = run(s, ['so13', 'so4', 'so7', 'so8', 'so9']);
    // seat 1 lost 25 (so13 5, so4 5, so7 5, so8 5, so9 5): the only wounded one; 5 knights, round 1: 2 cards, 1 eligible
    expect(t.phase).toMatchObject({ kind: 'godsend', queue: [1] });
    const u = go(t, 1, 'draw');
    expect(gid(u, 1)).toEqual(['priere']);
  });
  it('with two to serve, the second sees the replacement', () => {
    const s = stacked(
      [
        ['so13', 'de2'],
        ['so4', 'de3'],
        ['so7', 'de9'],
        ['so8', 'de10'],
        ['so9', 'de11'],
      ],
      {
        dealer: 4,
        godsends: ['onction', 'baume', 'priere', 'regard'],
      },
    );
    const t = run(s, ['so13', 'so4', 'so7', 'so8', 'so9', 'de3', 'de9', 'de10', 'de11', 'de2']);
    // combat 1: seat 1 (25); combat 2, led by seat 1: de2 (seat 0) lowest → seat 0 takes 5+5+10+10+5 = 35
    expect(t.lastRound!.wounds).toEqual([35, 25, 0, 0, 0]);
    expect(t.phase).toMatchObject({ kind: 'godsend', queue: [0, 1] });
    const u = go(t, 0, 'take onction');
    expect(u.phase).toEqual({ kind: 'godsend', queue: [1], faceUp: [3, 2] });
    const v = go(u, 1, 'take priere');
    expect(gid(v, 0)).toEqual(['onction']);
    expect(gid(v, 1)).toEqual(['priere']);
    expect(v.godsendDiscard.map((g) => GODSENDS[g]!.id)).toEqual(['baume']);
  });
  it('godsends serve one round: at the next godsend phase they are discarded', () => {
    const s = stacked([['so13'], ['so4'], ['so7']], { godsends: ['onction', 'baume'] });
    const t = go(run(s, ['so13', 'so4', 'so7']), 1, 'take onction');
    const again = {
      ...t,
      hands: [[t.hands[0]![0]!], [t.hands[1]![0]!], [t.hands[2]![0]!]],
      deck: [...t.deck, ...t.hands.flatMap((h) => h.slice(1))],
    };
    accountFor(again);
    let u: TournamentState = again;
    while (u.round === t.round && u.phase.kind === 'combat')
      u = go(
        u,
        tournament.toMove(u)[0]!,
        legal(u, tournament.toMove(u)[0]!).find((m) => m.startsWith('play') || m.startsWith('discard'))!,
      );
    expect(u.godsendDiscard.map((g) => GODSENDS[g]!.id)).toContain('onction');
    expect(gid(u, 1)).toEqual([]);
  });
});

describe('legends (seed 001, CARTES LÉGENDE : SEUIL D’ACTIVATION)', () => {
  it('Lancelot wakes at or below 150 life, from the next round, and stays active', () => {
    const s0 = stacked(
      [
        ['so4', 'de9'],
        ['so13', 'de2'],
        ['so7', 'de3'],
      ],
      { heroes: ['guenievre', 'arthur', 'gauvain'], ...NO_GODSENDS },
    );
    const s = { ...s0, life: [160, 400, 400] };
    expect(s.legendFrom).toEqual([null, null, 1]); // L'Écharpe verte has no threshold
    refuse(s, 0, 'use lancelot +2', { code: 'LEGEND_ASLEEP', threshold: 150 });
    const t = run(s, ['so4', 'so13', 'so7']); // seat 0 takes 15 at the end of the round: 145
    expect(t.legendFrom[0]).toBeNull();
    const u = run(t, ['de9', 'de2', 'de3']);
    expect(u.life[0]).toBe(160 - 15);
    expect(u.legendFrom[0]).toBe(2);
    expect(u.lastRound!.legends).toEqual([0]);
    expect(legal({ ...u, phase: { kind: 'combat', turn: 0 } }, 0)).toContain('use lancelot +2');
    const healed = { ...u, life: [390, 400, 400], round: 7 };
    expect(tournament.view(healed, 1).seats[0]!.legendActive).toBe(true);
  });
  it('exactly at the threshold is enough', () => {
    const s = {
      ...stacked([['so4'], ['so13'], ['so7']], { heroes: ['guenievre', 'arthur', 'gauvain'], ...NO_GODSENDS }),
      life: [165, 400, 400],
    };
    expect(run(s, ['so4', 'so13', 'so7']).legendFrom[0]).toBe(2);
  });
  it('reached by a déshonneur mid-round, it still waits for the next round', () => {
    const s = {
      ...stacked(
        [
          ['so13', 'so2'],
          ['de4', 'de2'],
          ['so7', 'so3'],
        ],
        { heroes: ['arthur', 'guenievre', 'gauvain'], ...NO_GODSENDS },
      ),
      life: [400, 155, 400],
    };
    const t = run(s, ['so13', 'discard de4']);
    expect(t.life[1]).toBe(150);
    expect(t.legendFrom[1]).toBe(2);
    expect(tournament.view(t, 0).seats[1]!.legendActive).toBe(false);
  });
});

describe('the end of the game (seed 001, FIN DU JEU ET VICTOIRE)', () => {
  it('ends when a knight reaches 0 at the end of a round; the highest life wins', () => {
    const s = { ...stacked([['so13'], ['so4'], ['so7']], NO_GODSENDS), life: [300, 15, 250] };
    const t = run(s, ['so13', 'so4', 'so7']);
    expect(t.phase.kind).toBe('over');
    expect(tournament.outcome(t)).toEqual({ winners: [0], draw: false, reason: 'life', scores: [300, 0, 250] });
    refuse(t, 0, 'play so13', { code: 'GAME_OVER' });
  });
  it('[decision] ends at once when a déshonneur brings a knight to 0; ties for the highest share the win', () => {
    const s = {
      ...stacked(
        [
          ['so13', 'so2'],
          ['de4', 'de2'],
          ['so7', 'so3'],
        ],
        NO_GODSENDS,
      ),
      life: [300, 5, 300],
    };
    const t = run(s, ['so13', 'discard de4']);
    expect(tournament.outcome(t)).toEqual({ winners: [0, 2], draw: true, reason: 'life', scores: [300, 0, 300] });
    expect(tournament.toMove(t)).toEqual([]);
  });
});
