import type { AnyGame, Seat } from '@roundtable/core';
import { setupStacked, tournament } from '@roundtable/tournament';
import { must, type Lesson } from '../types.ts';

/**
 * The lesson's round, stacked: three players, three cards each (a short round), you lead first as King Arthur;
 * the other two play without a hero.
 */
function deal(): (game: AnyGame) => unknown {
  return () =>
    must(
      setupStacked({
        players: 3,
        dealer: 2,
        seed: 11,
        heroes: ['arthur', null, null],
        hands: [
          ['sw12', 'so9', 'de4'],
          ['sw5', 'so10', 'de8'],
          ['sw8', 'so13', 'de14'],
        ],
      }),
      'tournament deal',
    );
}

/** The other players play the first of these moves that is legal for them now, else their first legal move. */
function others(state: unknown, seat: Seat, game: AnyGame): string {
  const legal = game.legalMoves(state, seat).map((m: unknown) => game.formatMove(state, m) as string);
  return (
    ['play sw5', 'play sw8', 'play so10', 'play so13', 'play de8', 'play de14'].find((m) => legal.includes(m)) ??
    legal[0]!
  );
}

export const lesson: Lesson = {
  gameId: tournament.id,
  seat: 0,
  players: 3,
  steps: [
    {
      title: { en: 'Leading a combat', fr: 'Mener un combat' },
      say: {
        en: 'Every knight starts with 400 life. In each combat everyone plays one weapon card; the lowest card loses. You lead: play your Swords 12.',
        fr: 'Chaque chevalier commence avec 400 points de vie. À chaque combat, chacun joue une carte d’arme\u00a0; la plus basse perd. Vous menez\u00a0: jouez votre Épée 12.',
      },
      start: deal(),
      accept: (m) => m === 'play sw12',
      hint: {
        en: 'Lead with your Swords 12, the highest card of your hand.',
        fr: 'Menez avec votre Épée 12, la plus forte carte de votre main.',
      },
      done: {
        en: 'The others followed in Swords, 5 and 8: the 5 is lowest, so its player took all three cards as wounds (5 each, 10 for a poisoned card such as that Swords 8). The loser leads the next combat: they led Sorcery 10, then Sorcery 13 was played.',
        fr: 'Les autres ont suivi à l’Épée, 5 et 8\u00a0: le 5 est le plus bas, son joueur a pris les trois cartes en blessures (5 chacune, 10 pour une carte empoisonnée comme cette Épée 8). Le perdant mène le combat suivant\u00a0: il a joué Sorcellerie 10, puis Sorcellerie 13 a suivi.',
      },
      reply: others,
    },
    {
      title: { en: 'A hero’s power', fr: 'Le pouvoir d’un héros' },
      say: {
        en: 'Your only Sorcery card is a 9: it would be lowest and lose. But you are King Arthur: your +3 token raises the value of your next card. Use it now (Arthur’s power, +3).',
        fr: 'Votre seule carte de Sorcellerie est un 9\u00a0: elle serait la plus basse et perdrait. Mais vous êtes le roi Arthur\u00a0: votre jeton +3 augmente la valeur de votre prochaine carte. Utilisez-le maintenant (pouvoir d’Arthur, +3).',
      },
      accept: (m) => m.startsWith('use arthur'),
      hint: {
        en: 'Not yet: first use Arthur’s +3, or your 9 loses to the 10.',
        fr: 'Pas encore\u00a0: utilisez d’abord le +3 d’Arthur, sinon votre 9 perd contre le 10.',
      },
      done: { en: 'Your next card counts 3 more.', fr: 'Votre prochaine carte compte 3 de plus.' },
    },
    {
      title: { en: 'Following the suit', fr: 'Suivre la couleur' },
      say: {
        en: 'You must follow the suit that was led, Sorcery, while you can (only when you cannot do you play Alchemy, or else discard and take 5 wounds of dishonour). Play your Sorcery 9.',
        fr: 'Vous devez suivre la couleur menée, la Sorcellerie, tant que vous le pouvez (sinon une Alchimie, et à défaut on se défausse en prenant 5 blessures de déshonneur). Jouez votre Sorcellerie 9.',
      },
      accept: (m) => m === 'play so9',
      hint: { en: 'Follow Sorcery with your Sorcery 9.', fr: 'Suivez la Sorcellerie avec votre Sorcellerie 9.' },
      done: {
        en: 'Your 9 + 3 = 12 beat the 10: its player lost again and led Deception 8; Deception 14 followed.',
        fr: 'Votre 9 + 3 = 12 a battu le 10\u00a0: son joueur a encore perdu et a mené Trahison 8\u00a0; Trahison 14 a suivi.',
      },
      reply: others,
    },
    {
      title: { en: 'Losing a combat, ending the round', fr: 'Perdre un combat, finir la manche' },
      say: {
        en: 'Your last card, Deception 4, must follow and is the lowest: play it and take the wounds. It is the last combat of the round.',
        fr: 'Votre dernière carte, Trahison 4, doit suivre et c’est la plus basse\u00a0: jouez-la et prenez les blessures. C’est le dernier combat de la manche.',
      },
      accept: (m) => m === 'play de4',
      hint: { en: 'Play your Deception 4.', fr: 'Jouez votre Trahison 4.' },
      done: {
        en: 'You took the three cards. At the end of a round everyone loses life equal to their wounds (poisoned cards count 10, Merlin 25), and a new round is dealt. When someone reaches 0 life, the highest life wins.',
        fr: 'Vous avez pris les trois cartes. À la fin d’une manche, chacun perd autant de vie que ses blessures (les cartes empoisonnées comptent 10, Merlin 25), puis on redonne. Quand quelqu’un tombe à 0, la vie la plus haute gagne.',
      },
    },
  ],
};
