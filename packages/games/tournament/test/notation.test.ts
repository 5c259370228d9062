import { describe, expect, it } from 'vitest';
import { formatMove, parseMove, setupStacked, tournament, type Move } from '../src/index.ts';

const read = (text: string): Move => {
  const r = parseMove(text);
  if (!r.ok) throw new Error(`${text}: ${JSON.stringify(r.error)}`);
  return r.value;
};

describe('move notation (NOTATION.md)', () => {
  it.each([
    ['play so13', 'play so13'],
    ['SO13', 'play so13'],
    ['jouer ep7', 'play sw7'],
    ['play tr6', 'play de6'],
    ['play Épées-7', 'play sw7'],
    ['play alchimie-3', 'play al3'],
    ['merlin so11', 'play merlin so11'],
    ['play Merlin Sorcellerie 11', 'play merlin so11'],
    ['play apprentice ep3', 'play apprenti sw3'],
    ['défausser tr4', 'discard de4'],
    ['use Arthur +3', 'use arthur +3'],
    ['use lancelot -2', 'use lancelot -2'],
    ['utiliser regard @2', 'use regard @2'],
    ['utiliser guenievre sorcellerie', 'use guenievre sorcery'],
    ['use mordred sorcellerie @1', 'use mordred @1 sorcery'],
    ['use broceliande EPEES', 'use broceliande swords'],
    ['donner sw2', 'give sw2'],
    ['prendre onction', 'take onction'],
    ['piocher', 'draw'],
    ['héros Gauvain', 'hero gauvain'],
  ])('%s → %s', (text, canonical) => {
    expect(formatMove(read(text))).toBe(canonical);
    expect(read(canonical)).toEqual(read(text));
  });

  it.each([
    ['', 'empty'],
    ['play', 'which card'],
    ['play sw16', 'unknown card'],
    ['play merlin xx', 'declared'],
    ['play sw7 so3', 'declaration'],
    ['use', 'which power'],
    ['use nobody', 'unknown power'],
    ['use mordred @x', 'bad seat'],
    ['use mordred @1 @2', 'unexpected'],
    ['draw now', 'no argument'],
    ['give', 'expected one card'],
  ])('"%s" is refused with a reason (%s)', (text, reason) => {
    const r = parseMove(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('BAD_NOTATION');
      expect(String(r.error.reason)).toContain(reason);
      expect(tournament.messages.BAD_NOTATION ?? true).toBeTruthy();
    }
  });
});

describe('set-up', () => {
  it('options are read with readOptions; unknown ones are refused', () => {
    expect(tournament.parseOptions({}, 4)).toEqual({
      ok: true,
      value: { heroes: 'random', godsends: true, life: 400 },
    });
    expect(tournament.parseOptions({ heroes: 'none', life: 200 }, 4)).toEqual({
      ok: true,
      value: { heroes: 'none', godsends: true, life: 200 },
    });
    expect(tournament.parseOptions({ heroes: 'all' }, 4)).toMatchObject({
      ok: false,
      error: { code: 'BAD_OPTION', option: 'heroes' },
    });
    expect(tournament.parseOptions({ lives: 3 }, 4)).toMatchObject({
      ok: false,
      error: { code: 'BAD_OPTION', option: 'lives' },
    });
  });
  it('2 to 6 players, 400 life, a random dealer, 12 cards each, the seat left of the dealer leads', () => {
    for (const players of [2, 3, 4, 5, 6]) {
      const s = tournament.setup({ players, options: { heroes: 'random', godsends: true, life: 400 }, seed: players });
      if (!s.ok) throw new Error('setup');
      expect(s.value.life).toEqual(Array(players).fill(400));
      expect(s.value.hands.every((h) => h.length === 12)).toBe(true);
      expect(tournament.toMove(s.value)).toEqual([(s.value.dealer + 1) % players]);
    }
    expect(
      tournament.setup({ players: 7, options: { heroes: 'random', godsends: true, life: 400 }, seed: 1 }),
    ).toMatchObject({ ok: false, error: { code: 'BAD_PLAYERS' } });
  });
  it('a stacked deal refuses unknown, repeated or uneven cards', () => {
    expect(setupStacked({ players: 3, dealer: 0, hands: [['sw1'], ['sw1'], ['sw2']] })).toMatchObject({
      ok: false,
      error: { code: 'BAD_DECK', reason: 'no copy left' },
    });
    expect(setupStacked({ players: 3, dealer: 0, hands: [['zz1'], ['sw3'], ['sw2']] })).toMatchObject({
      ok: false,
      error: { code: 'BAD_DECK', reason: 'unknown card' },
    });
    expect(setupStacked({ players: 3, dealer: 0, hands: [['sw1', 'sw4'], ['sw3'], ['sw2']] })).toMatchObject({
      ok: false,
      error: { code: 'BAD_DECK' },
    });
    expect(setupStacked({ players: 2, dealer: 0, hands: [['ar1'], ['sw3']] })).toMatchObject({
      ok: false,
      error: { code: 'BAD_DECK' },
    });
    expect(setupStacked({ players: 3, dealer: 0, hands: [['merlin'], ['merlin'], ['merlin']] }).ok).toBe(true);
    expect(setupStacked({ players: 3, dealer: 5, hands: [['sw1'], ['sw3'], ['sw2']] })).toMatchObject({
      ok: false,
      error: { code: 'BAD_SEAT' },
    });
  });
  it('seat names', () => {
    expect(tournament.seatName(0, 4, 'fr')).toBe('Chevalier 0');
    expect(tournament.seatName(3, 4, 'en')).toBe('Knight 3');
  });
});

describe('views', () => {
  it('a spectator sees the table but no hand; a seat sees its own hand only', () => {
    const s = setupStacked({
      players: 3,
      dealer: 2,
      hands: [
        ['so13', 'sw2'],
        ['so4', 'de9'],
        ['so7', 'de3'],
      ],
    });
    if (!s.ok) throw new Error('setup');
    const spectator = tournament.view(s.value, 'spectator');
    expect(spectator.me).toBeNull();
    expect(spectator.seats.map((x) => x.handSize)).toEqual([2, 2, 2]);
    const v = tournament.view(s.value, 1);
    expect(v.me!.hand).toEqual(['so4', 'de9']);
    expect(JSON.stringify(v)).not.toContain('"so13"');
    expect(v.seats.map((x) => x.life)).toEqual([400, 400, 400]);
  });
});

describe('a move of another phase says what the phase waits for', () => {
  it('typing a card during an exchange answers with "give <card>", in English and French', async () => {
    const { createRng, describeError, nextInt } = await import('@roundtable/core');
    const rng = createRng('exchange-words');
    const options = tournament.parseOptions({}, 3);
    if (!options.ok) throw new Error('options');
    for (let seed = 1; seed < 200; seed++) {
      const created = tournament.setup({ players: 3, options: options.value, seed });
      if (!created.ok) continue;
      let s = created.value;
      for (let ply = 0; ply < 400 && !tournament.outcome(s); ply++) {
        const seat = tournament.toMove(s)[0]!;
        if (s.phase.kind === 'exchange') {
          // A card typed as at the combat's prompt: "de3" reads as "play de3".
          const typed = parseMove('de3');
          expect(typed.ok && typed.value.type).toBe('play');
          if (!typed.ok) return;
          const played = tournament.play(s, seat, typed.value);
          expect(played.ok).toBe(false);
          if (played.ok) return;
          expect(describeError(played.error, 'en', tournament.messages)).toMatch(
            /^"play" is not possible now: an exchange is under way, and the card given is chosen from the hand; type "give <card>"\.$/,
          );
          expect(describeError(played.error, 'fr', tournament.messages)).toMatch(/tapez «\u00a0give <card>\u00a0»\.$/);
          return;
        }
        const legal = tournament.legalMoves(s, seat);
        const next = tournament.play(s, seat, legal[nextInt(rng, legal.length)]!);
        if (!next.ok) break;
        s = next.value;
      }
    }
    throw new Error('no exchange reached');
  });
});
