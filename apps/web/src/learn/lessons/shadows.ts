import type { AnyGame } from '@roundtable/core';
import { scenario, shadows, type ScenarioInput } from '@roundtable/shadows';
import { must, type Lesson } from '../types.ts';

/** A three-knight situation built for the lesson (you are King Arthur, seat 0), checked by the engine's own reader. */
function at(input: ScenarioInput): (game: AnyGame) => unknown {
  return (game) =>
    must(
      game.deserialize(game.serialize(scenario({ players: 3, traitor: 2, seed: 5, ...input }))),
      'shadows situation',
    );
}

const HANDS = [
  ['fight-2', 'fight-5', 'merlin', 'grail', 'fight-1'],
  ['fight-3', 'fight-3', 'grail', 'piety', 'fight-1'],
  ['fight-4', 'fight-1', 'grail', 'merlin', 'fight-2'],
] as const;

const is =
  (wanted: string) =>
  (m: string): boolean =>
    m === wanted;

export const lesson: Lesson = {
  gameId: shadows.id,
  seat: 0,
  players: 3,
  steps: [
    {
      title: { en: 'The Progression of Evil', fr: 'La progression du Mal' },
      say: {
        en: 'You are King Arthur; together the knights defend Camelot. Every turn begins with the Progression of Evil: draw a black card, add a siege engine at Camelot, or lose a life point. Draw a black card.',
        fr: 'Vous êtes le roi Arthur\u00a0; ensemble, les chevaliers défendent Camelot. Chaque tour commence par la progression du Mal\u00a0: piocher une carte noire, ajouter un engin de siège devant Camelot, ou perdre un point de vie. Piochez une carte noire.',
      },
      start: at({
        hands: HANDS,
        locations: ['black-knight', 'camelot', 'camelot'],
        blackTop: ['saxons'],
        blackKnight: { white: ['fight-4', 'fight-4', 'fight-2'], black: ['bk-1', 'bk-3', 'bk-1', 'bk-3'] },
        whiteSwords: 1,
        blackSwords: 1,
        siege: 2,
      }),
      accept: is('evil black'),
      hint: { en: 'This time, draw a black card.', fr: 'Cette fois, piochez une carte noire.' },
      done: {
        en: 'The Saxons advance: one more figure on their war. Black cards feed the quests against you.',
        fr: 'Les Saxons avancent\u00a0: une figurine de plus sur leur guerre. Les cartes noires nourrissent les quêtes contre vous.',
      },
    },
    {
      title: { en: 'A good deed: a quest', fr: 'Une bonne action\u00a0: une quête' },
      say: {
        en: 'Then comes your heroic action. You stand at the Black Knight’s quest, which needs two pairs of Fight cards: 4, 4 and 2 are laid. Fight with your Fight 2 to complete it.',
        fr: 'Vient ensuite votre action héroïque. Vous êtes à la quête du Chevalier noir, qui demande deux paires de cartes Combat\u00a0: 4, 4 et 2 sont posées. Combattez avec votre Combat 2 pour l’achever.',
      },
      accept: is('fight fight-2'),
      hint: {
        en: 'Fight at the Black Knight with your Fight 2.',
        fr: 'Combattez le Chevalier noir avec votre Combat 2.',
      },
      done: {
        en: 'Won: 4+4+2+2 = 12 beats the black cards’ 8. A white sword is laid on the Round Table and you draw a reward. A lost quest lays black swords.',
        fr: 'Gagné\u00a0: 4+4+2+2 = 12 bat les 8 des cartes noires. Une épée blanche est posée sur la Table ronde et vous piochez une récompense. Une quête perdue pose des épées noires.',
      },
    },
    {
      title: { en: 'Ending the turn', fr: 'Finir le tour' },
      say: {
        en: 'A second heroic action of another kind would cost you a life point. End your turn.',
        fr: 'Une seconde action héroïque d’un autre genre vous coûterait un point de vie. Finissez votre tour.',
      },
      accept: is('end'),
      hint: { en: 'Keep your life points: end your turn.', fr: 'Gardez vos points de vie\u00a0: finissez votre tour.' },
      done: {
        en: 'When 12 swords lie on the Round Table, the knights win if the white ones are more. 7 black swords, 12 siege engines, or every loyal knight dead: Camelot falls.',
        fr: 'Quand 12 épées reposent sur la Table ronde, les chevaliers gagnent si les blanches sont plus nombreuses. 7 épées noires, 12 engins de siège ou tous les loyaux morts\u00a0: Camelot tombe.',
      },
    },
    {
      title: { en: 'The traitor and accusations', fr: 'Le félon et l’accusation' },
      say: {
        en: 'One knight may be a traitor, working in secret for Evil. Once 6 swords or 6 siege engines are out, you may accuse a knight, once per game. In this lesson we tell you: the traitor is Gawain. Accuse Gawain.',
        fr: 'Un chevalier peut être un félon, qui sert le Mal en secret. Dès que 6 épées ou 6 engins de siège sont là, vous pouvez accuser un chevalier, une fois par partie. Pour cette leçon, on vous le dit\u00a0: le félon est Gauvain. Accusez Gauvain.',
      },
      start: at({
        hands: HANDS,
        whiteSwords: 3,
        blackSwords: 3,
        siege: 6,
        turnNumber: 9,
        phase: { kind: 'heroic' },
        turn: { stage: 'heroic', evilLeft: 0 },
      }),
      accept: is('accuse @2'),
      hint: { en: 'Accuse Sir Gawain.', fr: 'Accusez sire Gauvain.' },
      done: {
        en: 'Unmasked! A white sword is added. Accusing a loyal knight would have turned a white sword black. In a real game, watch who fails the quests.',
        fr: 'Démasqué\u00a0! Une épée blanche s’ajoute. Accuser un loyal aurait retourné une épée blanche en noire. En vraie partie, observez qui fait échouer les quêtes.',
      },
    },
  ],
};
