import type { Localized } from '@roundtable/core';

/**
 * The in-app rules reference (Markdown), shown by every front door. The same text as RULES.md, which a test
 * keeps in step: a faithful summary of seed 002, with our choices marked [décision] / [decision].
 */
export const rulesText: Localized = {
  fr: `# Lancelot — le noble jeu des chevaliers de la Table Ronde

## Règles

**But du jeu.** Être le premier à capturer un nombre fixé de chevaliers adverses, de n’importe quelle couleur\u00a0:
7 à deux joueurs, 8 à trois, 9 à quatre, 10 à cinq. Ce nombre est une option\u00a0: moins pour une partie
d’entraînement, plus pour des joueurs expérimentés.

**Le champ du tournoi.** Le plateau a 14 × 14 cases (colonnes A à N, rangées 1 à 14). On joue sur une zone qui
dépend du nombre de joueurs\u00a0: 8 × 8 à deux (D4–K11), 10 × 10 à trois (C3–L12), 12 × 12 à quatre (B2–M13), tout le
plateau à cinq. Une *rangée* est une ligne horizontale ou verticale entière de cette zone.

**Début.** Chaque joueur reçoit 30 chevaliers de sa couleur. Le premier joueur est tiré au sort\u00a0; on joue
ensuite dans le sens des aiguilles d’une montre.

**Placer un chevalier.** À son tour, on pose un chevalier sur une case vide. Il ne bouge plus jamais\u00a0; il ne
quitte le plateau que s’il est capturé.

**La règle de chevalerie.** Personne ne doit s’arroger une trop grande supériorité\u00a0: après avoir posé un pion,
un joueur ne peut pas avoir, dans la rangée horizontale ou verticale de ce pion, plus de 2 pions d’avance sur
l’ensemble des pions de ses adversaires (toutes couleurs confondues). En particulier, on ne peut pas poser un
troisième pion dans une rangée où aucun autre joueur n’a de pion.

**Maintenir sa position (la capture).** Si, en posant un pion, un joueur obtient une avance d'*exactement* 2
pions dans une rangée, il capture tous les pions adverses de cette rangée\u00a0: il les retire et les garde devant
lui. Ses propres pions restent. Un seul pion peut donner +2 à la fois dans sa rangée horizontale et dans sa
colonne\u00a0: on capture alors dans les deux.

**Après une capture.** La rangée reste dominée par une seule couleur\u00a0: c’est permis, mais seulement à la suite
d’une capture. Les adversaires peuvent y poser leurs pions sans risque\u00a0: seul le pion que l’on pose soi-même
peut capturer. **[décision]** Le joueur qui domine une telle rangée ne peut pas y poser un pion tant que cela lui
donnerait plus de +2.

**Variante\u00a0: les diagonales.** Les diagonales de plus de 4 cases comptent aussi comme des rangées, pour la
règle de chevalerie comme pour les captures (toujours à exactement +2).

**Le pouvoir de l’épée (Excalibur, pour joueurs expérimentés).** Chaque joueur reçoit en plus un bouclier blanc.
Avant le premier tour, le joueur à droite du premier joueur pose Excalibur sur la case de son choix. Excalibur
compte comme un pion adverse pour tout le monde. Une fois dans la partie, à son tour, un joueur peut invoquer
Excalibur\u00a0: il la déplace sur une autre case vide, avant ou après avoir posé son chevalier, et rend son bouclier
blanc. Excalibur compte alors comme son pion, jusqu’à ce qu’un autre joueur l’invoque. Excalibur n’est jamais
capturée\u00a0: elle reste sur sa case quand on capture sa rangée.
**[décision]** Chacune des deux poses (l’épée, le chevalier) respecte la règle de chevalerie et capture au
moment où elle est faite, dans l’ordre choisi par le joueur. **[décision]** Une invocation accompagne toujours un
chevalier\u00a0: on ne peut pas l’invoquer sans chevalier à poser ensuite (ou avant). **[décision]** Seules
les rangées de la nouvelle case de l’épée comptent\u00a0: la retirer d’une rangée n’y capture rien, même si cela y
laisse un joueur à plus de +2 (comme après une capture). **[décision]** Le tour se joue
en deux temps\u00a0: \`E:G6\` puis \`G8\`, ou \`G8 E:?\` (le chevalier annonce l’invocation) puis \`E:G6\`\u00a0; on peut aussi
taper le tour entier, \`E:G6 G8\` ou \`G8 E:G6\`.

**Fin de la partie.** La partie s’arrête dès qu’un joueur atteint le nombre de captures voulu\u00a0: il gagne.
**[décision]** Un joueur qui ne peut poser aucun chevalier (aucune case permise, ou plus de chevalier) passe\u00a0;
c’est alors son seul coup. Si tous les joueurs passent à la suite, la partie s’arrête\u00a0: le plus de captures
gagne, les ex æquo se partagent la victoire.
`,
  en: `# Lancelot — the noble game of the Knights of the Round Table

## Rules

**Goal.** Be the first to capture a set number of opposing knights, of any colour: 7 with two players, 8 with
three, 9 with four, 10 with five. The number is an option: lower for a practice game, higher for experts.

**The tournament field.** The board has 14 × 14 squares (columns A to N, rows 1 to 14). The field in play depends
on the number of players: 8 × 8 for two (D4–K11), 10 × 10 for three (C3–L12), 12 × 12 for four (B2–M13), the whole
board for five. A *line* is a whole row or column of that field.

**Start.** Each player takes 30 knights of their colour. The first player is drawn at random; play then goes
clockwise.

**Placing a knight.** On your turn, put one knight on an empty square. It never moves again; it leaves the board
only when captured.

**The rule of chivalry.** Nobody may gain too great a superiority: after placing a piece, a player may not be more
than 2 pieces ahead, on that piece's row or column, of all the other players' pieces there together (every
colour). In particular, nobody may put a third piece on a line where no other player has a piece.

**Holding your position (capture).** If placing a piece gives a player an advantage of *exactly* 2 on a line, they
capture every opposing knight on that line: the knights are removed and kept by the capturer. Their own pieces
stay. One piece can give +2 on its row and on its column at once: both lines are captured.

**After a capture.** The line is left with one colour in the lead: that is allowed, but only after a capture.
The other players may place there safely: only a player's own placement can capture. **[decision]** The player
who leads such a line may not place on it while that gives them more than +2.

**Variant: diagonals.** Diagonals longer than 4 squares are lines too, for the rule of chivalry and for captures
(still at exactly +2).

**The power of the sword (Excalibur, for experienced players).** Each player also takes a white shield. Before
the first turn, the player to the right of the first player puts Excalibur on any square. Excalibur counts as an
opponent's piece for everybody. Once per game, on their turn, a player may invoke Excalibur: they move it to
another empty square, before or after placing their knight, and hand in their white shield. Excalibur then counts
as their piece until another player invokes it. Excalibur is never captured: it stays on its square when its line
is captured.
**[decision]** Each of the two placements (the sword, the knight) obeys the rule of chivalry and captures when it
is made, in the order the player chose. **[decision]** An invocation always goes with a knight: it cannot be made
without a knight to place after (or before) it. **[decision]** Only the lines of the sword's new square count:
lifting it off a line captures nothing there, even if that leaves a player above +2 on it (as after a capture). **[decision]** The turn is played in two steps: \`E:G6\` then \`G8\`,
or \`G8 E:?\` (the knight announces the invocation) then \`E:G6\`; the whole turn may also be typed at once, \`E:G6 G8\`
or \`G8 E:G6\`.

**End of the game.** The game stops as soon as a player reaches the capture target: that player wins.
**[decision]** A player who cannot place any knight (no square allowed, or no knight left) passes; it is then their
only move. If every player passes in a row, the game ends: most captures wins, equal counts share the win.
`,
};
