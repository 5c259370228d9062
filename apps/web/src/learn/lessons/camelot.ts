import type { AnyGame } from '@roundtable/core';
import { camelot, engineFor, positionFromPieces } from '@roundtable/camelot';
import { must, type Lesson } from '../types.ts';

/** A Camelot position from a list of pieces ("M:F6 k:G12"), White to move, read and checked by the engine. */
function at(pieces: string): (game: AnyGame) => unknown {
  return (game) => {
    const options = must(game.parseOptions({}, 2), 'options');
    return must(game.position!.read(positionFromPieces(engineFor('camelot'), pieces), { players: 2, options }), pieces);
  };
}

const squares = (move: string): string[] => move.toUpperCase().split(/[-X]/);
const col = (sq: string): number => sq.charCodeAt(0) - 65;
const row = (sq: string): number => Number(sq.slice(1));
/** One step to a neighbouring square. */
const plain = (m: string): boolean => {
  const s = squares(m);
  return (
    s.length === 2 &&
    !m.includes('x') &&
    Math.max(Math.abs(col(s[0]!) - col(s[1]!)), Math.abs(row(s[0]!) - row(s[1]!))) === 1
  );
};

export const lesson: Lesson = {
  gameId: camelot.id,
  seat: 0,
  players: 2,
  steps: [
    {
      title: { en: 'A plain move', fr: 'Le pas simple' },
      say: {
        en: 'You play White, from the bottom of the board. Men are plain discs, knights bear a diamond. Any piece may step one square in any direction, straight or diagonal. Click your man on F6, then a square next to it.',
        fr: 'Vous jouez les Blancs, en bas du plateau. Les hommes sont des disques unis, les cavaliers portent un losange. Toute pièce peut avancer d’une case dans n’importe quelle direction, droite ou en diagonale. Cliquez sur votre homme en F6, puis sur une case voisine.',
      },
      start: at('M:F6 K:E5 m:F11 k:G12'),
      accept: (m) => m.toUpperCase().startsWith('F6-') && plain(m),
      hint: {
        en: 'Not yet: move the man on F6 by one square.',
        fr: 'Pas encore\u00a0: avancez l’homme de F6 d’une seule case.',
      },
      done: {
        en: 'Well done: a plain move goes one square, any way you like.',
        fr: 'Bien joué\u00a0: le pas simple va d’une case, dans le sens de votre choix.',
      },
    },
    {
      title: { en: 'The canter', fr: 'Le cantering' },
      say: {
        en: 'A piece may leap over one of its own pieces to the empty square just beyond: a canter. Make the man on E6 canter over E7 to E8.',
        fr: 'Une pièce peut sauter par-dessus une pièce de son camp jusqu’à la case vide juste derrière\u00a0: c’est le cantering. Faites sauter l’homme de E6 par-dessus E7 jusqu’en E8.',
      },
      start: at('M:E6 M:E7 m:H12 k:G12'),
      accept: (m) => m.toUpperCase() === 'E6-E8',
      hint: {
        en: 'That is a plain move. Click E6, then E8 (beyond your man on E7).',
        fr: 'Ceci est un pas simple. Cliquez sur E6, puis sur E8 (derrière votre homme en E7).',
      },
      done: {
        en: 'A canter never captures: the piece leapt over stays. Several canters may follow one another in one move.',
        fr: 'Le cantering ne prend rien\u00a0: la pièce sautée reste. Plusieurs sauts peuvent s’enchaîner dans le même coup.',
      },
    },
    {
      title: { en: 'The jump: a capture', fr: 'Le saut\u00a0: la prise' },
      say: {
        en: 'Leaping over an enemy piece to the empty square beyond captures it: a jump. Capture the black man on F7 by jumping from F6 to F8.',
        fr: 'Sauter par-dessus une pièce ennemie jusqu’à la case vide derrière la capture\u00a0: c’est le saut. Prenez l’homme noir de F7 en sautant de F6 en F8.',
      },
      start: at('M:F6 M:C5 m:F7 m:H12 k:K12'),
      accept: (m) => m.toUpperCase() === 'F6XF8',
      hint: {
        en: 'A capture is waiting: jump with F6 over the black man on F7.',
        fr: 'Une prise vous attend\u00a0: sautez avec F6 par-dessus l’homme noir de F7.',
      },
      done: {
        en: 'Captured! The black man leaves the board. A jump that can go on jumping must go on.',
        fr: 'Pris\u00a0! L’homme noir quitte le plateau. Un saut qui peut continuer doit continuer.',
      },
    },
    {
      title: { en: 'Capturing is compulsory', fr: 'La prise est obligatoire' },
      say: {
        en: 'When one of your pieces can capture, you must capture: no other move is allowed. Your knight on H6 would like to move, but find the capture and make it.',
        fr: 'Quand une de vos pièces peut prendre, vous devez prendre\u00a0: aucun autre coup n’est permis. Votre cavalier en H6 aimerait bouger, mais trouvez la prise et jouez-la.',
      },
      start: at('M:C6 K:H6 m:C7 m:G12 k:J12'),
      accept: (m) => m.toUpperCase() === 'C6XC8',
      hint: {
        en: 'You must capture: the man on C6 can jump over C7.',
        fr: 'Vous devez prendre\u00a0: l’homme de C6 peut sauter par-dessus C7.',
      },
      done: {
        en: 'Right: when a capture is possible, it is the only kind of move you may play.',
        fr: 'Exact\u00a0: quand une prise est possible, c’est le seul genre de coup permis.',
      },
    },
    {
      title: { en: 'The knight’s charge', fr: 'La charge du cavalier' },
      say: {
        en: 'Only a knight may charge: canter first, then jump, in one move. Charge with the knight on D6: canter over D7 to D8, then jump over the black man on D9 to D10.',
        fr: 'Seul un cavalier peut charger\u00a0: d’abord un cantering, puis un saut, dans le même coup. Chargez avec le cavalier de D6\u00a0: sautez par-dessus D7 jusqu’en D8, puis prenez l’homme noir de D9 en sautant en D10.',
      },
      start: at('K:D6 M:D7 m:D9 m:J12 k:K13'),
      accept: (m) => m.toUpperCase() === 'D6-D8XD10',
      hint: {
        en: 'Charge with the knight: click D6, then D8, then D10.',
        fr: 'Chargez avec le cavalier\u00a0: cliquez sur D6, puis D8, puis D10.',
      },
      done: {
        en: 'A charge! Men cannot do that: only knights mix canters and jumps in one move.',
        fr: 'Une charge\u00a0! Les hommes ne le peuvent pas\u00a0: seuls les cavaliers mêlent cantering et saut dans un même coup.',
      },
    },
    {
      title: { en: 'Entering the castle', fr: 'Entrer dans le château' },
      say: {
        en: 'You win by putting two of your pieces on the two squares of the enemy castle, at the top (F16 and G16). Your man already holds G16: move the man on F15 into F16 to win.',
        fr: 'Vous gagnez en plaçant deux de vos pièces sur les deux cases du château ennemi, tout en haut (F16 et G16). Votre homme tient déjà G16\u00a0: entrez avec l’homme de F15 en F16 pour gagner.',
      },
      start: at('M:G16 M:F15 m:C12 k:B12 m:J9'),
      accept: (m) => m.toUpperCase() === 'F15-F16',
      hint: { en: 'Step into the castle: move F15 to F16.', fr: 'Entrez dans le château\u00a0: jouez F15 en F16.' },
      done: {
        en: 'Victory! You also win by capturing every enemy piece, and a player who cannot move loses.',
        fr: 'Victoire\u00a0! On gagne aussi en prenant toutes les pièces ennemies, et qui ne peut plus bouger perd.',
      },
    },
  ],
};
