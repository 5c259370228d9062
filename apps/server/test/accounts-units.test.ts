import { describe, expect, it } from 'vitest';
import { checkName, nameKey } from '../src/accounts/names.ts';
import { hashPassword, needsRehash, verifyPassword } from '../src/accounts/password.ts';
import { INITIAL, rateMultiplayer, rateTwoPlayers, ranksFromWinners } from '../src/accounts/ratings.ts';

describe('display names', () => {
  it('are trimmed, NFC, 2 to 24 characters, Latin letters with accents, digits and a few separators', () => {
    expect(checkName('  Élaine du Lac ')).toEqual({ ok: true, value: 'Élaine du Lac' });
    expect(checkName('x').ok).toBe(false);
    expect(checkName('a'.repeat(25)).ok).toBe(false);
    expect(checkName('<script>').ok).toBe(false);
    expect(checkName('1234').ok).toBe(false); // a name has a letter
    expect(checkName('two  spaces').ok).toBe(false);
  });
  it('refuse another script, so a Cyrillic or Greek look-alike cannot impersonate a Latin name', () => {
    expect(checkName('Аlice').ok).toBe(false); // Cyrillic А
    expect(checkName('Αlice').ok).toBe(false); // Greek Α
  });
  it('are unique without regard to case, accents, width, separators and look-alike glyphs', () => {
    const key = nameKey('Sir Kay');
    for (const same of ['sir kay', 'SIR_KAY', 'Sir.Kay', 'S1r Kay', 'Sír Káy', 'Ｓｉｒ Ｋａｙ'.normalize('NFKC')])
      expect(nameKey(same)).toBe(key);
    expect(nameKey('Lamorak')).toBe(nameKey('Larnorak'));
    expect(nameKey('Merlin')).toBe(nameKey('Merlln'));
    expect(nameKey('Gawain')).toBe(nameKey('Gavvain'));
    expect(nameKey('Morgan')).not.toBe(nameKey('Mordred'));
  });
});

describe('passwords', () => {
  const cheap = { N: 1 << 10, r: 8, p: 1 };
  it('verify against their scrypt hash, and only the right one does', async () => {
    const stored = await hashPassword('correct horse battery', cheap);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(stored).not.toContain('correct');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });
  it('are salted: the same password hashes differently twice', async () => {
    expect(await hashPassword('same password', cheap)).not.toBe(await hashPassword('same password', cheap));
  });
  it('refuse a stored value they cannot read, or one asking for absurd costs, without throwing', async () => {
    for (const bad of [
      '',
      'plain',
      'scrypt$x$8$1$aaaa$bbbb',
      'scrypt$1073741824$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      expect(await verifyPassword('whatever', bad)).toBe(false);
    }
  });
});

describe('ratings', () => {
  it('Glicko-2: the winner gains what the loser loses, against an equal opponent', () => {
    const [a, b] = rateTwoPlayers(INITIAL, INITIAL, 1);
    expect(a.rating).toBeGreaterThan(1500);
    expect(b.rating).toBeLessThan(1500);
    expect(a.rating - 1500).toBeCloseTo(1500 - b.rating, 0);
    expect(a.deviation).toBeLessThan(350);
    expect([a.games, b.games]).toEqual([1, 1]);
  });
  it('Glicko-2: beating a much stronger player gains more than beating a weaker one', () => {
    const strong = { ...INITIAL, rating: 1900, deviation: 80 };
    const weak = { ...INITIAL, rating: 1100, deviation: 80 };
    const me = { ...INITIAL, deviation: 80 };
    expect(rateTwoPlayers(me, strong, 1)[0].rating - 1500).toBeGreaterThan(
      rateTwoPlayers(me, weak, 1)[0].rating - 1500,
    );
    const [d1, d2] = rateTwoPlayers(me, me, 0.5);
    expect(d1.rating).toBeCloseTo(1500, 0);
    expect(d2.rating).toBeCloseTo(1500, 0);
  });
  it('OpenSkill: in a four-player game the winner rises, the others fall, on the same scale', () => {
    const after = rateMultiplayer([INITIAL, INITIAL, INITIAL, INITIAL], ranksFromWinners(4, [2]));
    expect(after[2]!.rating).toBeGreaterThan(1500);
    for (const seat of [0, 1, 3]) expect(after[seat]!.rating).toBeLessThan(1500);
    expect(after.every((r) => r.deviation < 350 && r.games === 1)).toBe(true);
    expect(() => rateMultiplayer([INITIAL], [1])).toThrow(RangeError);
  });
});
