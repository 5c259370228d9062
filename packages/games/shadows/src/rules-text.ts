import type { Localized } from '@roundtable/core';

/**
 * The in-app rules reference (Markdown), shown by every front door: the French and English halves of RULES.md,
 * which a test keeps in step. Decisions are marked [décision] / [decision].
 */
export const shadowsRules: Localized = {
  fr: `# Les Chevaliers de la Table Ronde

**But.** Jeu coopératif de 3 à 7 joueurs\u00a0: les chevaliers loyaux gagnent si, quand **12 épées** couvrent la
Table Ronde, les épées **blanches sont majoritaires** (strictement). Un **félon** peut se cacher parmi eux.

**Défaite immédiate**\u00a0: **12 engins de siège** autour de Camelot, **7 épées noires** sur la Table Ronde, ou
**tous les chevaliers loyaux morts**. **[décision]** Une partie qui atteint 400 tours est perdue (jamais vu en
jeu réel\u00a0: garantit que toute partie se termine).

**Mise en place.** Chaque chevalier commence à Camelot avec 4 points de bravoure (6 au plus), une carte Merlin
et 5 cartes blanches, et reçoit une carte d’allégeance parmi **n+1** (dont un félon\u00a0: il y a un félon n fois
sur n+1)\u00a0; option \`loyaltyDeck: boxed\`\u00a0: les 8 cartes de la boîte (7 loyaux, 1 félon). **[décision]** Les
sièges prennent les chevaliers dans l’ordre\u00a0: Roi Arthur, Galahad, Gauvain, Keu, Perceval, Palomides,
Tristan\u00a0; Arthur joue en premier.

**Allégeance, options.** **[décision]** Option \`loyaltyDeck: sure-traitor\`\u00a0: n cartes, dont le félon (il y a toujours un félon)\u00a0; \`loyaltyDeck: all-loyal\`\u00a0: n cartes loyales, aucun félon, et chacun le sait (pour s’entraîner et pour mesurer les robots).

**Préliminaire.** Chacun pose une carte blanche face visible (\`lay …\`). **[décision]** Le premier joueur
propose une répartition (\`propose …\`, une carte posée par siège)\u00a0; chaque autre joueur accepte ou refuse, les
réponses restant secrètes jusqu’à la dernière\u00a0: acceptée par tous, elle s’applique\u00a0; sinon les cartes posées
sont mélangées et distribuées au hasard, une par joueur.

**Tour de jeu.** 1) **Progression du Mal**, une au choix\u00a0: piocher et appliquer une carte noire, ajouter un
engin de siège, ou perdre 1 point de bravoure. 2) **Une action héroïque**\u00a0: se déplacer, agir sur sa quête,
jouer une carte blanche spéciale, se soigner (défausser 3 cartes blanches identiques\u00a0: +1 point), ou accuser.
3) Au plus **une action héroïque de plus, d’un autre type, pour 1 point de bravoure**\u00a0; puis \`end\`.

**Se déplacer** vers Camelot ou une quête encore ouverte\u00a0; une quête **solitaire** (Chevalier Noir, Lancelot)
ne reçoit qu’un chevalier\u00a0; qui la quitte retire ses cartes blanches (les noires restent). À la fin d’une
quête, les chevaliers présents reviennent gratuitement à Camelot. **[décision]** Camelot est un seul lieu (la
Table Ronde et les remparts, entre lesquels on se déplace gratuitement).

**Camelot.** Piocher 2 cartes blanches (pas avec 12 cartes ou plus en main)\u00a0; ou lutter contre un engin de
siège\u00a0: jouer une ou plusieurs cartes Combat puis lancer 1D8\u00a0; si la somme dépasse le dé, un engin est
retiré, sinon on perd 1 point de bravoure. Les cartes sont défaussées.

**Cartes noires face cachée.** Une carte Chevalier Noir ou Lancelot/Dragon piochée peut être posée face
cachée\u00a0: son joueur pioche une carte blanche (pas un félon démasqué). Elle n’est révélée qu’à la fin de la
quête\u00a0; seul celui qui l’a posée la connaît.

**Le Chevalier Noir** (solitaire, perpétuelle)\u00a0: cartes Combat formant **deux paires de valeurs différentes**\u00a0;
fin à la 4e carte blanche ou noire\u00a0; victoire si la somme blanche dépasse la somme noire (égalité\u00a0: défaite).
Gain\u00a0: +1 épée blanche, +3 cartes, +1 point. Défaite\u00a0: +1 épée noire, −1 point. La quête recommence.

**Lancelot** (solitaire)\u00a0: **brelan + paire**\u00a0; fin à la 5e carte\u00a0; gain +1 épée, +4 cartes, +1 point et
l'**Armure de Lancelot**\u00a0; défaite +1 épée noire, −1 point, Armure perdue\u00a0; le plateau se retourne\u00a0: **le
Dragon** (collective)\u00a0: **trois brelans de valeurs différentes**\u00a0; fin à la 9e carte blanche ou 5e noire
(seconde valeur des cartes)\u00a0; gain +2 épées, +7 cartes, +2 points\u00a0; défaite +2 épées noires, −2 points. Le
plateau est ensuite retiré\u00a0: chaque nouvelle carte Lancelot/Dragon ajoute un engin de siège.

**Excalibur** (collective)\u00a0: défausser une carte blanche au choix avance l’épée d’une case vers les
chevaliers\u00a0; une carte noire Excalibur la recule vers l’oubli (piste de −5 à +5, départ au centre). Victoire à
+5\u00a0: +2 épées, +7 cartes, +1 point, Excalibur à qui l’a fait avancer. Défaite à −5\u00a0: +2 épées noires,
Excalibur perdue. Ensuite chaque carte Excalibur ajoute un engin de siège.

**Le Saint Graal** (collective, 7 emplacements)\u00a0: une carte Graal s’ajoute s’il reste un emplacement, sinon
détruit une carte Désespoir/Désolation\u00a0; Désespoir fait l’inverse\u00a0; Désolation détruit d’abord une carte Graal
puis se place comme Désespoir\u00a0; Brocéliande interdit d’ajouter des cartes Graal **[décision]** jusqu’à la
prochaine quête gagnée. 7 Graal\u00a0: +3 épées, +7 cartes, +1 point, le Graal\u00a0; 7 noires\u00a0: +3 épées noires,
−1 point. Ensuite Désespoir, Désolation et Brocéliande ajoutent un engin de siège.

**Pictes et Saxons** (deux quêtes collectives, perpétuelles)\u00a0: cartes Combat **dans l’ordre 1, 2, 3, 4, 5**\u00a0;
une carte Pictes/Saxons ajoute une figurine, Mercenaires au choix\u00a0; la **4e figurine** perd\u00a0: +1 épée noire,
−1 point, **+2 engins de siège**\u00a0; la suite complète gagne\u00a0: +1 épée, +4 cartes, +1 point.

**Récompenses.** Les points de bravoure vont aux chevaliers présents. **[décision]** Les cartes gagnées sont
distribuées une à une aux chevaliers présents, en commençant par celui qui a terminé la quête (règle «\u00a0faute
d’accord\u00a0» du livre des quêtes). La relique va à celui qui termine la quête.

**Cartes noires spéciales.** Avant d’être appliquée, chaque carte noire spéciale ouvre une **fenêtre
Merlin**\u00a0: chaque chevalier non démasqué répond \`pass\` ou \`merlin\` (\`merlin 2\`, \`merlin 3\` pour en donner
plusieurs), que l’on ait un Merlin ou non\u00a0; les réponses restent secrètes\u00a0; 3 Merlins l’annulent (les 3
premiers donnés sont défaussés, les autres restent en main). Morgane 1\u00a0: un volontaire défausse 3 cartes,
sinon chacun en défausse 1\u00a0; Morgane 2\u00a0: 3 cartes noires de plus\u00a0; Morgane 3\u00a0: 2 engins\u00a0; Morgane 4\u00a0: chacun
perd 1 point\u00a0; Morgane 5\u00a0: un volontaire perd 2 points, sinon chacun défausse 1 carte\u00a0; Guenièvre\u00a0: tous à
Camelot, tour fini\u00a0; Brumes d’Avalon\u00a0: chaque quête perdue donne 1 épée noire de plus\u00a0; Mordred\u00a0: une figurine
sur la guerre choisie, qui demande alors un second Combat 5\u00a0; Viviane\u00a0: plus de Merlin jusqu’à la prochaine
quête gagnée. **[décision]** Les volontaires (Morgane 1 et 5) répondent tous en secret\u00a0; le premier dans
l’ordre du tour est retenu\u00a0; se porter volontaire pour Morgane 1 demande 3 cartes blanches. **[décision]**
Sous Morgane 2, les cartes sont piochées une à une sans l’Armure.

**Cartes blanches spéciales** (une par tour, comme action héroïque). Merlin\u00a0: retirer un engin de siège, la
dernière carte noire standard d’une quête, ou une figurine. Destin\u00a0: chacun pioche 1 carte\u00a0; joué par le félon,
il se dévoile et chaque autre chevalier défausse 2 cartes **[décision]** au hasard. Piété\u00a0: +3 points, ou +1 à
chaque autre chevalier. Héroïsme\u00a0: posé sur une quête, +1 épée de sa couleur à sa fin. Renforts\u00a0: piocher 4,
ou chaque autre chevalier pioche 1. Clairvoyance\u00a0: voir et ordonner les 5 cartes du dessus de la pioche noire.
Messager\u00a0: donner 1 à 3 cartes blanches. Dame du Lac\u00a0: Excalibur avance (d’où qu’on soit)\u00a0; quête finie\u00a0: +2
points. Convocation\u00a0: tous à Camelot, et ils se partagent autant de cartes qu’ils sont.

**Chevaliers.** Arthur\u00a0: une fois par tour, sans action, donne une carte à un chevalier qui lui en rend une de
son choix (\`give …\` puis \`return …\`). Galahad\u00a0: une carte spéciale par tour sans action. Gauvain\u00a0: pioche 3.
Keu\u00a0: quand un combat sur sa quête (ou sa propre lutte contre un engin) serait perdu, ajoute une carte Combat
qui respecte la combinaison. Perceval\u00a0: voit la carte noire du dessus avant sa Progression du Mal. Palomides\u00a0:
+1 point de plus par quête gagnée où il est. Tristan\u00a0: quitter Camelot ne lui coûte pas d’action (une fois par
tour).

**Reliques.** Excalibur\u00a0: +1 aux combats de son porteur. Saint Graal\u00a0: son porteur peut sauver un chevalier
qui meurt (retour à 4 points\u00a0; le Graal quitte la partie). Armure de Lancelot\u00a0: son porteur pioche 2 cartes
noires, en garde une et met l’autre sous la pioche. Un chevalier qui meurt perd ses reliques.

**Excalibur annule.** **[décision]** (une seule source, recherche §8 et §14) Quand une carte noire
**standard** vient d’être piochée (par n’importe qui), le porteur d’Excalibur, s’il est un chevalier non
démasqué, est seul interrogé\u00a0: \`excalibur\` l’annule (elle va à la défausse noire, sans effet), \`pass\` la
laisse s’appliquer. Une fois par tour de jeu\u00a0; Excalibur est conservée. Option \`excaliburCancel\`\u00a0: \`spent\`
(Excalibur quitte la partie après usage) ou \`off\` (pas d’annulation). Les cartes noires spéciales ne
s’annulent qu’avec 3 Merlins.

**Mort.** À 0 point de bravoure, le chevalier meurt une fois l’action finie\u00a0: ses cartes sont défaussées, son
allégeance **reste secrète**. Les morts gagnent avec leur camp.

**Accuser.** Possible seulement avec **au moins 6 épées ou 6 engins de siège**, une fois par joueur et par
partie. Le félon accusé est démasqué\u00a0: il défausse ses cartes blanches, reprend sa figurine, perd Excalibur et
le Graal (garde l’Armure)\u00a0; **[décision]** une épée blanche est ajoutée. Un loyal accusé\u00a0: une épée blanche
devient noire (**[décision]** sans épée blanche, une épée noire est ajoutée).

**Le félon démasqué** ne meurt plus\u00a0; à son tour il fait défausser au hasard une carte blanche au chevalier de
son choix, puis pioche une carte noire ou ajoute un engin. **[décision]** Le félon caché peut aussi se dévoiler
(\`reveal\`), ce qui finit son tour.

**Douze épées.** À la fin de l’action qui pose la 12e épée, si le félon n’a pas été démasqué (**même mort**),
il se révèle et retourne 2 épées blanches\u00a0; puis la majorité décide.

**Déclarations.** On n’annonce jamais la valeur exacte de ses cartes\u00a0: pendant son action héroïque, un joueur
peut faire une déclaration publique gratuite par tour, \`declare strong\` («\u00a0je suis fort\u00a0»), \`declare weak\`, ou
\`declare help <quête>\` («\u00a0je peux aider sur …\u00a0»). Le reste de la conversation se tient hors de la partie.

**Pioches.** **[décision]** Quand la pioche blanche ou noire est vide, sa propre défausse est mélangée.

**Ce que l’on a vu.** **[décision]** Ce qu’un joueur a vu seul reste affiché pour lui seul tant que cela peut encore être vrai\u00a0: l’échange du Roi Arthur (pour les deux chevaliers concernés, jusqu’au prochain échange d’Arthur), la carte noire que l’Armure a mise sous la pioche (tant qu’elle y est), l’ordre laissé par Clairvoyance sur le dessus de la pioche noire (les cartes pas encore piochées\u00a0; une nouvelle Clairvoyance l’efface).
`,
  en: `# Shadows over Camelot

**Goal.** A cooperative game for 3–7 players: the loyal knights win if, when **12 swords** cover the Round
Table, the **white swords are a strict majority**. A **traitor** may be hiding among them.

**Immediate defeat**: **12 siege engines** around Camelot, **7 black swords** on the Round Table, or **every
loyal knight dead**. **[decision]** A game reaching 400 turns is lost (never seen in a real game: it makes
every game end).

**Set-up.** Every knight starts at Camelot with 4 life points (6 at most), one Merlin card and 5 white cards,
and gets one loyalty card from **n+1** (one of them the traitor: a traitor is in play n times in n+1); option
\`loyaltyDeck: boxed\`: the box's 8 cards (7 loyal, 1 traitor). **[decision]** Seats take the knights in this
order: King Arthur, Galahad, Gawain, Kay, Percival, Palamedes, Tristan; Arthur plays first.

**Loyalty, options.** **[decision]** Option \`loyaltyDeck: sure-traitor\`: n cards, one of them the traitor (there is always a traitor); \`loyaltyDeck: all-loyal\`: n loyal cards, no traitor, as everyone knows (for practice and for measuring bots).

**Opening.** Everyone lays one white card face up (\`lay …\`). **[decision]** The first player proposes who gets
which card (\`propose …\`, one laid card per seat); every other player accepts or refuses, the answers staying
secret until the last one: accepted by all, it applies; otherwise the laid cards are shuffled and dealt at
random, one per player.

**A turn.** 1) **Progression of Evil**, one of: draw and resolve a black card, add a siege engine, or lose 1
life point. 2) **One heroic action**: move, act on your quest, play a special white card, heal (discard 3
identical white cards: +1 life), or accuse. 3) At most **one more heroic action, of another type, for 1 life
point**; then \`end\`.

**Moving** to Camelot or a quest still open; a **solo** quest (Black Knight, Lancelot) takes one knight; a
knight leaving it takes its white cards off (black cards stay). When a quest ends, the knights on it go back
to Camelot for free. **[decision]** Camelot is one place (the Round Table and the ramparts, between which
moving is free).

**Camelot.** Draw 2 white cards (not with 12 or more cards in hand); or fight a siege engine: play one or more
Fight cards, then roll 1d8; if the total beats the die an engine is removed, otherwise you lose 1 life point.
The cards are discarded.

**Black cards face down.** A Black Knight or Lancelot/Dragon card drawn may be laid face down: its player draws
a white card (not an unmasked traitor). It is revealed only when the quest ends; only the player who laid it
knows it.

**The Black Knight** (solo, perpetual): Fight cards forming **two pairs of different values**; ends at the 4th
white or black card; won if the white total beats the black total (a tie loses). Win: +1 white sword, +3
cards, +1 life. Loss: +1 black sword, −1 life. The quest starts again.

**Lancelot** (solo): a **full house**; ends at the 5th card; win +1 sword, +4 cards, +1 life and **Lancelot's
Armor**; loss +1 black sword, −1 life, the Armor is lost; the board flips to **the Dragon** (group): **three
threes of a kind of different values**; ends at the 9th white or 5th black card (the cards' second value); win
+2 swords, +7 cards, +2 life; loss +2 black swords, −2 life. The board is then removed: every new
Lancelot/Dragon card adds a siege engine.

**Excalibur** (group): discarding any white card moves the sword one step towards the knights; a black
Excalibur card moves it towards oblivion (track −5 to +5, starting in the middle). Won at +5: +2 swords, +7
cards, +1 life, Excalibur to whoever moved it there. Lost at −5: +2 black swords, Excalibur lost. Afterwards
every Excalibur card adds a siege engine.

**The Holy Grail** (group, 7 spots): a Grail card is added if a spot is free, else it destroys a
Despair/Desolation card; Despair does the opposite; Desolation first destroys a Grail card, then is placed like
Despair; the Dark Forest (Brocéliande) forbids Grail cards **[decision]** until the next quest won. 7 Grail:
+3 swords, +7 cards, +1 life, the Grail; 7 black: +3 black swords, −1 life. Afterwards Despair, Desolation and
Dark Forest add a siege engine.

**Picts and Saxons** (two group quests, perpetual): Fight cards **in order 1, 2, 3, 4, 5**; a Picts/Saxons card
adds a figure, Mercenaries either; the **4th figure** loses: +1 black sword, −1 life, **+2 siege engines**;
the full straight wins: +1 sword, +4 cards, +1 life.

**Rewards.** Life points go to the knights present. **[decision]** Cards won are dealt one at a time to the
knights present, starting with the one who ended the quest (the Book of Quests' rule when they cannot agree).
The relic goes to whoever ended the quest.

**Special black cards.** Before it applies, every special black card opens a **Merlin window**: every knight
not unmasked answers \`pass\` or \`merlin\` (\`merlin 2\`, \`merlin 3\` to give several), holding a Merlin or not;
the answers stay secret; 3 Merlins cancel it (the first 3 given are discarded, the others stay in hand).
Morgan 1: a volunteer discards 3 cards, else everyone discards 1; Morgan 2: 3 more black cards; Morgan 3: 2
engines; Morgan 4: everyone loses 1 life; Morgan 5: a volunteer loses 2 life, else everyone discards 1 card;
Guinevere: everyone back to Camelot, the turn ends; Mists of Avalon: every lost quest gives one more black
sword; Mordred: a figure on the chosen war, which then needs a second Fight 5; Vivien: no Merlin until the next
quest won. **[decision]** Volunteers (Morgan 1 and 5) all answer in secret; the first in turn order is taken;
volunteering for Morgan 1 needs 3 white cards. **[decision]** Under Morgan 2 the cards are drawn one by one
without the Armor.

**Special white cards** (one per turn, as a heroic action). Merlin: remove a siege engine, the last standard
black card of a quest, or a figure. Fate: everyone draws 1 card; played by the traitor, he reveals himself and
every other knight discards 2 cards **[decision]** at random. Piety: +3 life, or +1 to every other knight.
Heroism: laid on a quest, +1 sword of its colour when it ends. Reinforcements: draw 4, or every other knight
draws 1. Clairvoyance: see and order the top 5 black cards. Messenger: give 1 to 3 white cards. Lady of the
Lake: Excalibur moves (from anywhere); quest over: +2 life. Convocation: everyone to Camelot, sharing as many
cards as there are knights.

**Knights.** Arthur: once per turn, without an action, gives a card to a knight who gives one of his choice
back (\`give …\` then \`return …\`). Galahad: one special card per turn without an action. Gawain: draws 3. Kay:
when a combat on his quest (or his own siege fight) would be lost, adds one Fight card that fits the pattern.
Percival: sees the top black card before his Progression of Evil. Palamedes: +1 more life per won quest he is
on. Tristan: leaving Camelot costs him no action (once per turn).

**Relics.** Excalibur: +1 to its holder's combats. Holy Grail: its holder may save a dying knight (back to 4
life; the Grail leaves the game). Lancelot's Armor: its holder draws 2 black cards, keeps one and puts the
other under the pile. A knight who dies loses his relics.

**Excalibur cancels.** **[decision]** (a single source, research §8 and §14) When a **standard** black card
has just been drawn (by anyone), the holder of Excalibur, if a knight not unmasked, alone is asked:
\`excalibur\` cancels it (it goes to the black discard pile, with no effect), \`pass\` lets it apply. Once per
game turn; Excalibur is kept. Option \`excaliburCancel\`: \`spent\` (Excalibur leaves the game once used) or
\`off\` (no cancelling). Special black cards are cancelled only by 3 Merlins.

**Death.** At 0 life the knight dies once the action is over: his cards are discarded, his loyalty **stays
secret**. The dead win with their side.

**Accusing.** Only with **at least 6 swords or 6 siege engines**, once per player per game. An accused traitor
is unmasked: he discards his white cards, takes his figure back, loses Excalibur and the Grail (keeps the
Armor); **[decision]** a white sword is added. A loyal knight accused: a white sword turns black
(**[decision]** with no white sword, a black sword is added).

**The unmasked traitor** cannot die; on his turn he makes a knight of his choice discard a random white card,
then draws a black card or adds a siege engine. **[decision]** The hidden traitor may also reveal himself
(\`reveal\`), which ends his turn.

**Twelve swords.** Once the action that lays the 12th sword is over, if the traitor was never unmasked (**dead
or alive**), he reveals himself and turns 2 white swords black; then the majority decides.

**Declarations.** Nobody states the exact value of their cards: during his heroic phase a player may make one
free public declaration per turn, \`declare strong\` ("I am strong"), \`declare weak\`, or \`declare help
<quest>\` ("I can help on …"). Other talk happens outside the game.

**Piles.** **[decision]** When the white or black pile is empty, its own discard pile is shuffled.

**What you saw.** **[decision]** What a player saw alone stays shown to him alone while it can still be true: King Arthur's swap (to the two knights in it, until Arthur's next swap), the black card the Armor put under the pile (while it is there), the order Clairvoyance left on top of the black pile (the cards not yet drawn; a new Clairvoyance clears it).
`,
};
