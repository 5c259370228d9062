import type { Localized } from '@roundtable/core';

/**
 * The in-app rules reference: seed 003 restated, with the WCF rules where it is silent, the WCF's own end rules as
 * an option (`ends=wcf`) and our decisions marked.
 */
export const camelotRules: Localized = {
  en: `# Camelot

Two players, 160 squares. Each player has 14 pieces: 4 knights and 10 men. White defends the castle F1–G1 and
starts; Black defends F16–G16.

**Goal.** Put two of your pieces on the two squares of the enemy castle, or capture every enemy piece.

**Moves** (in any of the 8 directions):
- *Plain move*: one square to an empty neighbouring square.
- *Canter*: leap over one of your own pieces to the empty square just beyond. Canters can be chained, turning as
  you like, and you may stop after any of them, but a canter may not end on the square it started from. Pieces
  cantered over stay on the board.
- *Jump*: leap over an enemy piece to the empty square just beyond; the enemy piece is removed at once. After a
  jump, the same piece must jump again as long as it can.
- *Knight's charge* (knights only): one or more canters, then one or more jumps, in that order.

**Capturing is compulsory**: if one of your pieces can jump, you must capture, with a jump or with a knight's
charge. You need not take the longest sequence. If only a knight's charge could capture, capturing is optional.
A knight that canters onto a square from which it could jump must capture in that move (it may canter on and
capture further along); a knight's pure canter may not touch such a square.

**Castles.** You may never make a plain move or a canter into your own castle; a jump may land there, and the piece
must then jump out if it can. A piece left in its own castle must leave on your next turn, before anything else,
capturing elsewhere included. A piece that enters the enemy castle stops there and never leaves; it may step to
the other castle square (a *castle move*), at most twice per player per game, and never when a capture is due.
Pieces in a castle can never be captured.

**End of the game.**
- Two of your pieces on both enemy castle squares: you win.
- You capture every enemy piece: you win, however many pieces you have left.
- The player to move has no legal move: that player loses.
- Both players have one piece left: draw.
- [option ends=wcf] The World Camelot Federation's end rules: capturing every enemy piece wins only if you keep two
  or more pieces (with one, it is a draw), and a player without a legal move loses only if the opponent has two or
  more pieces (against a single piece, it is a draw).
- [decision, WCF] The same position with the same player to move (and the same castle moves used) for the third
  time: draw.
- [decision, WCF] 50 moves by each player without a capture and without a piece moving onto an enemy castle square
  (a castle move counts as such a move): draw.

**Notation** (World Camelot Federation): squares A1–L16; \`-\` before a plain or canter step, \`x\` before a jump:
\`F6-F5\`, \`E6-E8-C8\`, \`E8xC10xC12\`, \`C6-E6-G6-G8xE10\`. Any legal path is accepted.

**Our decisions where the rules are silent**
- [decision] A piece that must leave its own castle but cannot move leaves its player without a legal move.
- [decision] Cam (67 squares, one-square castles): one piece in the enemy castle wins; capturing every enemy piece
  wins even with a single piece left, and so does leaving the opponent without a move, under either end rules;
  there is no bare-pieces draw; no castle moves.
`,
  fr: `# Camelot

Deux joueurs, 160 cases. Chacun a 14 pièces\u00a0: 4 cavaliers et 10 pions. Les Blancs défendent le château F1–G1 et
commencent\u00a0; les Noirs défendent F16–G16.

**But du jeu.** Amener deux de ses pièces sur les deux cases du château adverse, ou capturer toutes les pièces de
l’adversaire.

**Déplacements** (dans les 8 directions)\u00a0:
- *Simple mouvement*\u00a0: une case, vers une case voisine vide.
- *Saut (amical)*\u00a0: passer par-dessus une de ses pièces voisines pour arriver sur la case vide juste derrière.
  Les sauts s’enchaînent en changeant de direction à volonté, on peut s’arrêter après n’importe lequel, mais on ne
  peut pas terminer sur la case de départ. Les pièces sautées restent sur le plateau.
- *Prise*\u00a0: passer par-dessus une pièce adverse voisine pour arriver sur la case vide juste derrière\u00a0; la pièce
  adverse est retirée aussitôt. Après une prise, la même pièce doit continuer à prendre tant qu’elle le peut.
- *Charge du cavalier* (cavaliers seulement)\u00a0: un ou plusieurs sauts amicaux, puis une ou plusieurs prises, dans
  cet ordre.

**La prise est obligatoire**\u00a0: si une de vos pièces peut prendre, vous devez prendre, par une prise ou par une
charge du cavalier. Il n’est pas obligatoire de prendre le plus grand nombre de pièces. Si seule une charge du
cavalier permet de prendre, la prise est facultative. Un cavalier qui arrive par saut amical sur une case d’où il
pourrait prendre doit prendre dans ce coup (il peut continuer ses sauts amicaux et prendre plus loin)\u00a0; un saut
amical de cavalier sans prise ne peut pas passer par une telle case.

**Châteaux.** On ne peut jamais entrer dans son propre château par un simple mouvement ou un saut amical\u00a0; une
prise peut y arriver, et la pièce doit alors en ressortir en prenant si elle le peut. Une pièce restée dans son
propre château doit en sortir au coup suivant, avant toute autre obligation, prise ailleurs comprise. Une pièce
entrée dans le château adverse s’y arrête et n’en sort plus\u00a0; elle peut passer sur l’autre case du château (un
*coup de château*), au plus deux fois par joueur et par partie, et jamais quand une prise est due. Une pièce dans
un château ne peut jamais être prise.

**Fin de la partie.**
- Deux de vos pièces sur les deux cases du château adverse\u00a0: vous gagnez.
- Vous capturez toutes les pièces adverses\u00a0: vous gagnez, quel que soit le nombre de pièces qui vous restent.
- Le joueur au trait n’a aucun coup légal\u00a0: il perd.
- Les deux joueurs n’ont plus qu’une pièce\u00a0: partie nulle.
- [option ends=wcf] Les règles de fin de la World Camelot Federation\u00a0: capturer toutes les pièces adverses ne fait
  gagner qu’en gardant au moins deux pièces (avec une seule, nulle), et le joueur sans coup légal ne perd que si
  l’adversaire a au moins deux pièces (contre une seule, nulle).
- [décision, WCF] La même position avec le même joueur au trait (et les mêmes coups de château joués) pour la
  troisième fois\u00a0: partie nulle.
- [décision, WCF] 50 coups de chaque joueur sans prise et sans qu’une pièce arrive sur une case du château adverse
  (un coup de château compte comme tel)\u00a0: partie nulle.

**Notation** (World Camelot Federation)\u00a0: cases A1–L16\u00a0; \`-\` avant un simple mouvement ou un saut amical, \`x\`
avant une prise\u00a0: \`F6-F5\`, \`E6-E8-C8\`, \`E8xC10xC12\`, \`C6-E6-G6-G8xE10\`. Tout chemin légal est accepté.

**Nos décisions là où les règles se taisent**
- [décision] Une pièce qui doit quitter son propre château mais ne peut pas bouger laisse son joueur sans coup légal.
- [décision] Cam (67 cases, châteaux d’une case)\u00a0: une seule pièce dans le château adverse gagne\u00a0; capturer toutes
  les pièces adverses gagne même avec une seule pièce restante, de même que laisser l’adversaire sans coup, avec
  l’une ou l’autre règle de fin\u00a0; pas de nulle par manque de pièces\u00a0; pas de coups de château.
`,
};
