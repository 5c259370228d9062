import type { AnyGame, Seat } from '@roundtable/core';
import { joust, setupStacked, stackDeck } from '@roundtable/joust';
import { must, type Lesson } from '../types.ts';

/**
 * The lesson's deal, stacked: two players, the other seat deals so that you start. Your hand and the other
 * knight's are chosen for the lesson; every card drawn after is a green 1 (the catalogue's padding).
 */
function deal(): (game: AnyGame) => unknown {
  return () =>
    must(
      setupStacked({
        players: 2,
        dealer: 1,
        seed: 7,
        deck: stackDeck({
          players: 2,
          dealer: 1,
          hands: [
            ['red-4', 'squire-2', 'red-3', 'riposte', 'blue-2', 'yellow-3', 'purple-3', 'green-1'],
            ['red-5', 'squire-3', 'blue-5', 'maiden', 'blue-4', 'yellow-2', 'green-1', 'green-1'],
          ],
        }),
      }),
      'joust deal',
    );
}

/** The other knight plays the first of `moves` that is legal now; else passes a Lancelot window, else its first legal move. */
function script(...moves: string[]): (state: unknown, seat: Seat, game: AnyGame) => string {
  return (state, seat, game) => {
    const legal = game.legalMoves(state, seat).map((m: unknown) => game.formatMove(state, m) as string);
    return moves.find((m) => legal.includes(m)) ?? (legal.includes('pass') ? 'pass' : legal[0]!);
  };
}

const is =
  (...wanted: string[]) =>
  (m: string): boolean =>
    wanted.includes(m);

export const lesson: Lesson = {
  gameId: joust.id,
  seat: 0,
  players: 2,
  steps: [
    {
      title: { en: 'Starting a tournament', fr: 'Ouvrir un tournoi' },
      say: {
        en: 'Two knights joust for tokens of five colours; the first with all five wins. You open the first tournament by naming its colour. Name red.',
        fr: 'Deux chevaliers s’affrontent pour des jetons de cinq couleurs\u00a0; le premier qui a les cinq gagne. Vous ouvrez le premier tournoi en annonçant sa couleur. Annoncez rouge.',
      },
      start: deal(),
      accept: is('start red'),
      hint: { en: 'Choose red for this tournament.', fr: 'Choisissez rouge pour ce tournoi.' },
      done: {
        en: 'A red tournament: only red cards (and supporters) may be played in it. You drew a card, as at the start of every turn.',
        fr: 'Un tournoi rouge\u00a0: on n’y joue que des cartes rouges (et des soutiens). Vous avez pioché une carte, comme au début de chaque tour.',
      },
    },
    {
      title: { en: 'Laying a colour card', fr: 'Poser une carte de couleur' },
      say: {
        en: 'Lay a red card in front of you: click your red 4 in your hand.',
        fr: 'Posez une carte rouge devant vous\u00a0: cliquez sur votre rouge 4 dans votre main.',
      },
      accept: is('play red-4'),
      hint: { en: 'Play the red 4 first.', fr: 'Jouez d’abord le rouge 4.' },
      done: { en: 'Your display totals 4.', fr: 'Votre étalage vaut 4.' },
    },
    {
      title: { en: 'Supporters', fr: 'Les soutiens' },
      say: {
        en: 'Squires and maidens support you in a tournament of any colour. Add your squire 2.',
        fr: 'Écuyers et dames vous soutiennent dans un tournoi de n’importe quelle couleur. Ajoutez votre écuyer 2.',
      },
      accept: is('play squire-2'),
      hint: { en: 'Play the squire 2 now.', fr: 'Jouez maintenant l’écuyer 2.' },
      done: {
        en: 'Your total is 6. You may lay as many cards as you like in a turn.',
        fr: 'Votre total est de 6. On peut poser autant de cartes qu’on veut dans un tour.',
      },
    },
    {
      title: { en: 'Ending your turn', fr: 'Finir son tour' },
      say: {
        en: 'At the end of your turn your total must be the highest of all. 6 beats 0: end your turn.',
        fr: 'À la fin de votre tour, votre total doit être le plus haut de tous. 6 bat 0\u00a0: finissez votre tour.',
      },
      accept: is('end'),
      hint: { en: 'Keep the other cards: end your turn.', fr: 'Gardez les autres cartes\u00a0: finissez votre tour.' },
      done: {
        en: 'Your opponent answered with a red 5 and a squire 3: 8 against your 6.',
        fr: 'Votre adversaire a répondu avec un rouge 5 et un écuyer 3\u00a0: 8 contre vos 6.',
      },
      reply: script('play red-5', 'play squire-3', 'end'),
    },
    {
      title: { en: 'Beating the total', fr: 'Battre le total' },
      say: {
        en: 'To stay in, you must end this turn above 8. Lay your red 3: 6 + 3 = 9.',
        fr: 'Pour rester en lice, vous devez finir ce tour au-dessus de 8. Posez votre rouge 3\u00a0: 6 + 3 = 9.',
      },
      accept: is('play red-3'),
      hint: { en: 'Play the red 3 to go above 8.', fr: 'Jouez le rouge 3 pour dépasser 8.' },
      done: {
        en: '9 against 8: enough to end your turn, but let us make sure.',
        fr: '9 contre 8\u00a0: assez pour finir votre tour, mais assurons-nous.',
      },
    },
    {
      title: { en: 'An action card', fr: 'Une carte action' },
      say: {
        en: 'Action cards change the displays. Riposte takes the last card of an opponent’s display onto yours: play it against your opponent and take their squire 3.',
        fr: 'Les cartes action changent les étalages. Riposte prend la dernière carte de l’étalage d’un adversaire pour la mettre sur le vôtre\u00a0: jouez-la contre votre adversaire et prenez son écuyer 3.',
      },
      accept: (m) => m.startsWith('play riposte'),
      hint: { en: 'Play the Riposte card.', fr: 'Jouez la carte Riposte.' },
      done: {
        en: '12 against 5. Your opponent could have cancelled it with the Lancelot card, had they held it.',
        fr: '12 contre 5. Votre adversaire aurait pu l’annuler avec la carte Lancelot, s’il l’avait eue.',
      },
    },
    {
      title: { en: 'Winning a token', fr: 'Gagner un jeton' },
      say: {
        en: 'End your turn. Your opponent cannot beat 12 with what they hold.',
        fr: 'Finissez votre tour. Votre adversaire ne peut pas battre 12 avec sa main.',
      },
      accept: is('end'),
      hint: { en: 'End your turn now.', fr: 'Finissez votre tour maintenant.' },
      done: {
        en: 'They withdrew: the last knight in the tournament wins a token of its colour. A red token is yours, and you open the next tournament.',
        fr: 'Il s’est retiré\u00a0: le dernier chevalier en lice gagne un jeton de la couleur du tournoi. Le jeton rouge est à vous, et vous ouvrez le tournoi suivant.',
      },
      reply: script('withdraw'),
    },
    {
      title: { en: 'A new tournament', fr: 'Un nouveau tournoi' },
      say: {
        en: 'As the winner, you name the colour of the next tournament. Name blue.',
        fr: 'Vainqueur, vous annoncez la couleur du tournoi suivant. Annoncez bleu.',
      },
      accept: is('start blue'),
      hint: { en: 'Choose blue.', fr: 'Choisissez bleu.' },
      done: { en: 'A blue tournament.', fr: 'Un tournoi bleu.' },
    },
    {
      title: { en: 'Your blue 2', fr: 'Votre bleu 2' },
      say: { en: 'Lay your blue 2.', fr: 'Posez votre bleu 2.' },
      accept: is('play blue-2'),
      hint: { en: 'Play the blue 2.', fr: 'Jouez le bleu 2.' },
      done: { en: 'Your total is 2.', fr: 'Votre total est de 2.' },
    },
    {
      title: { en: 'End of the turn', fr: 'Fin du tour' },
      say: { en: 'End your turn.', fr: 'Finissez votre tour.' },
      accept: is('end'),
      hint: { en: 'End your turn.', fr: 'Finissez votre tour.' },
      done: {
        en: 'Your opponent laid a blue 5 and a maiden (6): 11. At most one maiden per display.',
        fr: 'Votre adversaire a posé un bleu 5 et une dame (6)\u00a0: 11. Une seule dame par étalage.',
      },
      reply: script('play blue-5', 'play maiden', 'end'),
    },
    {
      title: { en: 'Withdrawing', fr: 'Se retirer' },
      say: {
        en: 'You have no blue card nor supporter left to beat 11: withdraw. Your display is discarded, and a knight who withdraws with a maiden gives back a token.',
        fr: 'Il ne vous reste ni carte bleue ni soutien pour battre 11\u00a0: retirez-vous. Votre étalage est défaussé, et qui se retire avec une dame rend un jeton.',
      },
      accept: is('withdraw'),
      hint: { en: 'You cannot win this one: withdraw.', fr: 'Vous ne pouvez pas gagner celui-ci\u00a0: retirez-vous.' },
      done: {
        en: 'Your opponent wins the blue token. Keep collecting: the first knight with all five colours wins the game.',
        fr: 'Votre adversaire gagne le jeton bleu. Continuez\u00a0: le premier chevalier qui a les cinq couleurs gagne la partie.',
      },
    },
  ],
};
