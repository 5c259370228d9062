import type { Localized } from '@roundtable/core';

/**
 * The in-app rules reference (Markdown), shown by every front door: the French and English halves of RULES.md,
 * which a test keeps in step. Decisions are marked [décision] / [decision].
 */
export const joustRules: Localized = {
  fr: `# Camelot, le jeu de cartes

**But.** À 2 ou 3 joueurs, le premier qui possède des jetons de **5 couleurs différentes** gagne\u00a0; à 4 ou 5
joueurs, **4 couleurs différentes**. On ne possède jamais deux jetons d’une même couleur.

**Cartes (110).** 70 cartes de couleur (violet 3/4/5/7, rouge 3/4/5, bleu 2/3/4/5, jaune 2/3/4, vert 1),
20 cartes de soutien (écuyers 2 et 3, dames 6), 20 cartes d’action (17 sortes\u00a0; Riposte ×3, Chute ×2).

**Préparation.** Un donneur tiré au sort distribue 8 cartes à chacun\u00a0; le reste forme le talon. Le joueur à
gauche du donneur débute le premier tournoi\u00a0; le vainqueur d’un tournoi débute le suivant.

**Débuter un tournoi.** *Avant de piocher*, le premier joueur annonce la couleur\u00a0: il lui faut une carte de
cette couleur ou une carte de soutien. Après un tournoi terminé en violet, le violet est interdit. S’il ne peut
débuter dans aucune couleur, il montre sa main à tous et son voisin de gauche débute. **[décision]** Il pioche
tout de même une carte, pour qu’une table où personne ne peut débuter ne tourne pas sans fin. Option
\`noRepeatColour\`\u00a0: la couleur finale du tournoi précédent est interdite (lecture stricte du mémo).

**Un tour.** 1) piocher une carte (obligatoire\u00a0; quand le talon s’épuise, la défausse est mélangée)\u00a0;
2) jouer autant de cartes qu’on veut\u00a0; 3) finir son tour (\`end\`) avec un total **strictement** le plus haut,
ou abandonner (\`withdraw\`). À son premier tour du tournoi, chaque joueur qui veut y participer doit poser au
moins une carte de la couleur ou de soutien **de sa main**\u00a0; une carte venue par une carte d’action (prise par
Riposte, reçue par Finesse) ne compte pas. Le premier joueur la pose avant toute autre carte et ne peut pas
abandonner. **[décision]** Les autres peuvent jouer des cartes d’action avant elle, jamais à sa place\u00a0: tant
qu’ils ne l’ont pas posée, finir son tour est refusé et il ne reste qu’à la poser ou à abandonner. Ensuite, il
suffit de jouer au moins une carte (même d’action) pour rester. Les cartes de couleur doivent être de la couleur *actuelle*
du tournoi\u00a0; les soutiens vont dans tout tournoi\u00a0; une seule dame à la fois par personnage. Option \`allowTies\`\u00a0:
l’égalité au plus haut suffit.

**Tournoi vert.** Chaque carte du personnage vaut 1\u00a0; les cartes d’action utilisent les valeurs imprimées.

**Abandonner.** On défausse son personnage, son Bouclier et son Assommé. Avec une dame sur son personnage, on
rend un jeton **de son choix** (\`token …\`), s’il en a un, même en vert. On ne joue plus de ce tournoi.

**Gagner un tournoi.** Le dernier en lice gagne un jeton de la couleur *finale* du tournoi\u00a0; après un tournoi
violet, un jeton de la couleur de son choix parmi celles qui lui manquent (\`token …\`). Il défausse son
personnage et débute le suivant.

**Cartes d’action.** Jouées pendant son tour (Lancelot aussi hors de son tour), défaussées et résolues tout
de suite, sauf Bouclier et Assommé, posés à côté d’un personnage. Une carte d’action ne se joue que si elle
change quelque chose. Une action ne vide jamais un personnage\u00a0: une carte seule ne peut être ni retirée ni
volée (mais elle peut être échangée)\u00a0; si tout devrait partir, la plus ancienne reste.
- Désarçonné\u00a0: violet → rouge, bleu ou jaune. Changement d’arme\u00a0: rouge/bleu/jaune → une autre de ces
  couleurs. Maladresse\u00a0: rouge/bleu/jaune → vert.
- Lance brisée\u00a0: un adversaire défausse ses cartes violettes. Riposte\u00a0: prenez la dernière carte d’un
  adversaire. Esquive\u00a0: défaussez une carte d’un adversaire. Retraite\u00a0: reprenez en main une de vos cartes.
  Chute\u00a0: prenez au hasard une carte de la main d’un adversaire (vue de vous deux seulement\u00a0; un joueur qui a
  abandonné peut être visé).
- Feinte\u00a0: chaque adversaire défausse sa dernière carte. Charge / Contre-charge\u00a0: la plus petite / la plus
  grande valeur imprimée de tous les personnages\u00a0; chacun (vous compris) défausse ses cartes de cette valeur.
  **[décision]** les personnages protégés par un Bouclier comptent pour trouver cette valeur. Disgrâce\u00a0:
  chacun défausse ses soutiens. Adaptation\u00a0: chacun garde une carte de chaque valeur, **à son choix**
  (\`keep …\`, demandé à chaque joueur concerné). Finesse\u00a0: échangez une de vos cartes visibles (personnage,
  Bouclier, Assommé) contre une de celles d’un adversaire\u00a0; **[décision]** la carte reçue en échange d’un
  Bouclier ou d’un Assommé se pose sur le dessus du personnage, et l’échange de deux cartes identiques est
  refusé (il ne change rien).
- Bouclier\u00a0: les cartes d’action des adversaires n’ont plus d’effet sur votre personnage (les changements de
  couleur, Assommé et Lancelot restent possibles\u00a0; vos propres cartes vous touchent). **[décision]** (FAQ) la
  Finesse adverse est aussi bloquée\u00a0: on ne peut pas voler un Bouclier. **[décision]** la Chute n’est pas
  bloquée (elle vise la main)\u00a0; option \`shieldBlocksKnockDown\`.
- Assommé\u00a0: devant un adversaire encore en lice (même s’il n’a pas encore posé de carte)\u00a0; il n’ajoute plus
  qu’une carte par tour à son personnage (une Riposte compte, une Finesse non).
- Lancelot\u00a0: annule la carte d’action qui vient d’être jouée. **Après chaque carte d’action, chaque autre
  joueur encore en lice répond** \`pass\` ou \`lancelot\`, qu’il possède Lancelot ou non, et personne ne voit les
  réponses avant la fin de la fenêtre\u00a0: on ne peut pas deviner qui l’a. **[décision]** un joueur qui n’a pas
  encore posé de carte est «\u00a0encore en lice\u00a0». Si l’annulation laisse le joueur actif derrière, il rejoue ou
  abandonne.
`,
  en: `# Camelot, the card game (Ivanhoe)

**Goal.** With 2–3 players, the first to hold tokens of **5 different colours** wins; with 4–5 players,
**4 different colours**. Nobody holds two tokens of one colour.

**Cards (110).** 70 colour cards (purple 3/4/5/7, red 3/4/5, blue 2/3/4/5, yellow 2/3/4, green 1), 20 support
cards (squires 2 and 3, maidens 6), 20 action cards (17 kinds; Riposte ×3, Knock Down ×2).

**Set-up.** A random dealer deals 8 cards each; the rest is the draw pile. The player left of the dealer
starts the first tournament; each tournament's winner starts the next.

**Starting a tournament.** *Before drawing*, the starter names the colour: they need a card of it or a support
card. After a tournament that ended purple, purple may not be named. A starter who can open no colour shows
their hand to all and the player on their left starts. **[decision]** They still draw a card, so a table where
nobody can open cannot loop for ever. Option \`noRepeatColour\`: the previous final colour may not be named.

**A turn.** 1) draw a card (mandatory; when the pile runs out the discard pile is reshuffled); 2) play any
number of cards; 3) end the turn (\`end\`) with the **strictly** highest total, or withdraw (\`withdraw\`). On
their first turn of a tournament, every player who wants to take part must lay at least one colour or support
card **from their hand**; a card brought by an action card (taken with Riposte, received by Outwit) does not
count. The starter lays it before any other card and may not withdraw. **[decision]** The others may play
action cards before it, never instead of it: until they have laid it, ending the turn is refused and they can
only lay it or withdraw. After that, playing at least one card (an action card will do) is enough to stay. Colour
cards must match the tournament's *current* colour; supports fit any; one maiden at a time per display.
Option \`allowTies\`: a tie for the highest total is enough.

**Green tournaments.** Every display card counts 1; action cards use printed values.

**Withdrawing.** Discard your display, your Shield and your Stunned. With a maiden on your display, return a
token **of your choice** (\`token …\`) if you have one, green tournaments included. You play no more cards in
this tournament.

**Winning a tournament.** The last player in takes a token of the tournament's *final* colour; after a purple
tournament, a token of a colour they lack, of their choice (\`token …\`). They discard their display and start
the next tournament.

**Action cards.** Played in your turn (Lancelot also out of turn), discarded and resolved at once, except
Shield and Stunned, which lie beside a display. An action card may only be played if it changes something.
An action never empties a display: a lone card cannot be removed or taken (it can be swapped); if everything
would go, the oldest card stays.
- Unhorse (Désarçonné): purple → red, blue or yellow. Change Weapon: red/blue/yellow → another of them. Drop
  Weapon (Maladresse): red/blue/yellow → green.
- Break Lance: one opponent discards their purple cards. Riposte: take an opponent's last card. Dodge
  (Esquive): discard any card of an opponent's display. Retreat (Retraite): take one of your display cards
  back. Knock Down (Chute): a random card from an opponent's hand, seen only by the two of you (a withdrawn
  player may be targeted).
- Outmaneuver (Feinte): every opponent discards their last card. Charge / Countercharge: the lowest / highest
  printed value over all displays; everyone, you included, discards their cards of that value. **[decision]**
  shielded displays count when finding that value. Disgrace: everyone discards their supports. Adapt:
  everyone keeps one card of each value, **of their own choice** (\`keep …\`, asked of each seat concerned).
  Outwit (Finesse): swap one of your face-up cards (display, Shield, Stunned) with one of an opponent's;
  **[decision]** a display card received for a Shield or Stunned goes on top of the display, and swapping two
  identical cards is refused (it changes nothing).
- Shield (Bouclier): opponents' action cards have no effect on your display (colour changes, Stunned and
  Lancelot still work; your own cards affect you). **[decision]** (FAQ) an opponent's Outwit is blocked too:
  a Shield cannot be stolen. **[decision]** Knock Down is not blocked (it aims at the hand); option
  \`shieldBlocksKnockDown\`.
- Stunned (Assommé): in front of an opponent still in the tournament (even one who has not played yet); they
  add only one card per turn to their display (a Riposte counts, an Outwit swap does not).
- Lancelot (Ivanhoe): cancels the action card just played. **After every action card, every other player
  still in the tournament answers** \`pass\` or \`lancelot\`, whether they hold Lancelot or not, and nobody sees
  the answers before the window closes: nobody can tell who holds it. **[decision]** a player who has not
  played a card yet is "still in". If the cancel leaves the active player behind, they play on or withdraw.
`,
};
