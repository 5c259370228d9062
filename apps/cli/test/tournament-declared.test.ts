import { describe, expect, it } from 'vitest';
import { setupStacked, tournament, type TournamentState } from '@roundtable/tournament';
import { renderTournament } from '../src/games/tournament.ts';

function lostWithMerlin(): TournamentState {
  const s = setupStacked({
    players: 3,
    dealer: 2,
    hands: [
      ['merlin', 'de2'],
      ['sw9', 'de3'],
      ['sw7', 'de4'],
    ],
    options: { godsends: false },
  });
  if (!s.ok) throw new Error(s.error.code);
  let state = s.value;
  for (const text of ['merlin sw1', 'sw9', 'sw7']) {
    const seat = tournament.toMove(state)[0]!;
    const move = tournament.parseMove(state, seat, text);
    if (!move.ok) throw new Error(text);
    const next = tournament.play(state, seat, move.value);
    if (!next.ok) throw new Error(text);
    state = next.value;
  }
  return state;
}

describe('terminal: a wound pile shows what Merlin and Apprenti were declared as', () => {
  it('in English and in French, to every seat', () => {
    const s = lostWithMerlin();
    const en = renderTournament(tournament.view(s, 2), { color: false, lang: 'en', viewer: 2, humans: [2] });
    expect(en).toMatch(/wounds: Merlin \(merlin\) → Swords 1 /);
    const fr = renderTournament(tournament.view(s, 1), { color: false, lang: 'fr', viewer: 1, humans: [1] });
    expect(fr).toMatch(/blessures : Merlin \(merlin\) → Épées 1 /);
  });
});
