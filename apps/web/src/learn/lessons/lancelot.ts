import type { AnyGame } from '@roundtable/core';
import { lancelot, type LancelotState } from '@roundtable/lancelot';
import { must, type Lesson } from '../types.ts';

const COLS = 'DEFGHIJK';

/**
 * A two-player Lancelot position (the 8×8 field D4–K11), Red to move, from the knights on it ("R:E5 B:H5") and
 * each side's captures so far; read and checked by the engine.
 */
function at(pieces: string, captures: readonly [number, number] = [0, 0]): (game: AnyGame) => unknown {
  return (game) => {
    const board = new Map<string, string>();
    for (const item of pieces.split(/\s+/).filter(Boolean)) {
      const [who = '', sq = ''] = item.split(':');
      board.set(sq, who);
    }
    const rows: string[] = [];
    for (let r = 11; r >= 4; r--) {
      let row = '';
      let run = 0;
      for (const c of COLS) {
        const p = board.get(`${c}${r}`);
        if (p) {
          row += (run ? String(run) : '') + p;
          run = 0;
        } else run++;
      }
      rows.push(row + (run ? String(run) : ''));
    }
    const count = (who: string): number => [...board.values()].filter((p) => p === who).length;
    // Knights left in hand: 30 less those on the board and those the other side has captured.
    const hands = `${30 - count('R') - captures[1]},${30 - count('B') - captures[0]}`;
    const text = `${rows.join('/')} R - - ${hands} ${captures[0]},${captures[1]} R 0`;
    const options = must(game.parseOptions({}, 2), 'options');
    return must(game.position!.read(text, { players: 2, options }), text);
  };
}

/** True when Red's placement captures (its captured count grows). */
function captures(move: string, state: unknown, game: AnyGame): boolean {
  const parsed = game.parseMove(state, 0, move);
  if (!parsed.ok) return false;
  const after = game.play(state, 0, parsed.value);
  return after.ok && (after.value as LancelotState).captures[0]! > (state as LancelotState).captures[0]!;
}

export const lesson: Lesson = {
  gameId: lancelot.id,
  seat: 0,
  players: 2,
  steps: [
    {
      title: { en: 'Placing a knight', fr: 'Poser un chevalier' },
      say: {
        en: 'You play Red. Knights never move in Lancelot: on your turn you place one of your 30 knights on an empty square. Place a knight on G7, in the middle of the field.',
        fr: 'Vous jouez Rouge. Au Lancelot, les chevaliers ne bougent jamais\u00a0: à votre tour, vous posez l’un de vos 30 chevaliers sur une case vide. Posez un chevalier en G7, au milieu du champ.',
      },
      start: at('B:I9'),
      accept: (m) => m.toUpperCase() === 'G7',
      hint: { en: 'Place this first knight on G7.', fr: 'Posez ce premier chevalier en G7.' },
      done: {
        en: 'Placed, for good: it leaves the board only if it is captured. Blue answers with a knight of its own.',
        fr: 'Posé pour de bon\u00a0: il ne quittera le plateau que s’il est pris. Bleu répond avec un chevalier.',
      },
      reply: () => 'I5',
    },
    {
      title: { en: 'The rule of chivalry', fr: 'La règle de chevalerie' },
      say: {
        en: 'On any row or column, your knights may outnumber all the others by at most two. Row 5 already holds your knights on E5 and F5 and nothing else: a third one there would be +3. Place a knight anywhere that keeps to the rule, but not on row 5.',
        fr: 'Sur toute rangée ou colonne, vos chevaliers peuvent dépasser tous les autres de deux au plus. La rangée 5 porte déjà vos chevaliers E5 et F5, et rien d’autre\u00a0: un troisième y ferait +3. Posez un chevalier où la règle le permet, mais pas sur la rangée 5.',
      },
      start: at('R:E5 R:F5 B:J9'),
      accept: () => true,
      hint: {
        en: 'Not on row 5: choose a square on another row.',
        fr: 'Pas sur la rangée 5\u00a0: choisissez une case d’une autre rangée.',
      },
      done: {
        en: 'The squares that would break chivalry are refused: nobody may put a third knight on a line that holds no other piece.',
        fr: 'Les cases qui violeraient la chevalerie sont refusées\u00a0: personne ne peut poser un troisième chevalier sur une ligne où il n’y a aucune autre pièce.',
      },
    },
    {
      title: { en: 'Capturing', fr: 'La prise' },
      say: {
        en: 'Row 6 holds your knights on D6 and E6 and a blue one on I6. Place a third knight on row 6: you lead that line by exactly two, and every enemy knight on it is captured.',
        fr: 'La rangée 6 porte vos chevaliers D6 et E6 et un bleu en I6. Posez un troisième chevalier sur la rangée 6\u00a0: vous menez cette ligne d’exactement deux, et tout chevalier ennemi qui s’y trouve est pris.',
      },
      start: at('R:D6 R:E6 B:I6 B:H9 B:J10'),
      accept: captures,
      hint: {
        en: 'That captures nothing: place your knight on row 6 (F6, G6, H6, J6 or K6).',
        fr: 'Cela ne prend rien\u00a0: posez votre chevalier sur la rangée 6 (F6, G6, H6, J6 ou K6).',
      },
      done: {
        en: 'Captured! The blue knight leaves the board and counts for you. Your own knights stay.',
        fr: 'Pris\u00a0! Le chevalier bleu quitte le plateau et compte pour vous. Vos chevaliers restent.',
      },
    },
    {
      title: { en: 'Row and column at once', fr: 'Rangée et colonne à la fois' },
      say: {
        en: 'One knight can capture on its row and its column together. Find the square where your knight makes +2 on row 8 and on column H at once, and capture both blue knights.',
        fr: 'Un seul chevalier peut prendre sur sa rangée et sa colonne à la fois. Trouvez la case où votre chevalier fait +2 sur la rangée 8 et sur la colonne H en même temps, et prenez les deux chevaliers bleus.',
      },
      start: at('R:D8 R:E8 B:K8 R:H4 R:H5 B:H11 B:E10'),
      accept: (m) => m.toUpperCase() === 'H8',
      hint: {
        en: 'Look where row 8 and column H cross: H8.',
        fr: 'Regardez où se croisent la rangée 8 et la colonne H\u00a0: H8.',
      },
      done: {
        en: 'Two at a stroke: the placement captures on every line through its square where you lead by exactly two.',
        fr: 'Deux d’un coup\u00a0: la pose prend sur chaque ligne de sa case où vous menez d’exactement deux.',
      },
    },
    {
      title: { en: 'Winning', fr: 'La victoire' },
      say: {
        en: 'With two players, the first to capture 7 knights wins. You have 6. Column F holds your knights on F4 and F5 and a blue one on F10: capture it to win.',
        fr: 'À deux joueurs, le premier qui a pris 7 chevaliers gagne. Vous en avez 6. La colonne F porte vos chevaliers F4 et F5 et un bleu en F10\u00a0: prenez-le pour gagner.',
      },
      start: at('R:F4 R:F5 B:F10 B:J6 B:I9', [6, 2]),
      accept: captures,
      hint: {
        en: 'Place a third knight on column F to capture F10.',
        fr: 'Posez un troisième chevalier sur la colonne F pour prendre F10.',
      },
      done: {
        en: 'Victory! For experienced players, the Excalibur option adds a sword that each player may take over once per game.',
        fr: 'Victoire\u00a0! Pour les joueurs aguerris, l’option Excalibur ajoute une épée dont chacun peut s’emparer une fois par partie.',
      },
    },
  ],
};
