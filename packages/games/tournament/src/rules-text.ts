import type { Localized } from '@roundtable/core';
import { GODSENDS, HEROES, effectText, legendOf, usageText, type PowerCard } from './powers.ts';

/**
 * The in-app rules reference (Markdown), shown by every front door: the French and English halves of RULES.md,
 * which a test keeps in step. Decisions are marked [décision] / [decision]. The lists of heroes, legends and
 * godsends are written from the card data, so a corrected card changes both.
 */
type Lang = 'fr' | 'en';

function line(p: PowerCard, lang: Lang): string {
  return `\`${p.id}\` ${p[lang]} — ${effectText(p.effect, lang)} ${usageText(p, lang)}`;
}

function heroList(lang: Lang): string {
  return HEROES.map((h) => {
    const l = legendOf(h.id);
    const threshold =
      l.threshold === null || l.threshold === undefined
        ? lang === 'fr'
          ? 'sans seuil'
          : 'no threshold'
        : `${lang === 'fr' ? 'seuil' : 'threshold'} ${l.threshold}`;
    return `- ${line(h, lang)}\n  ${lang === 'fr' ? 'Légende' : 'Legend'} ${line(l, lang)} (${threshold})`;
  }).join('\n');
}

function godsendList(lang: Lang): string {
  return GODSENDS.map((g) => `- ${line(g, lang)}`).join('\n');
}

const fr = `# Le Tournoi de Camelot

**But.** Finir avec le plus de points de vie. Chacun commence à 400\u00a0; la partie s’arrête dès qu’un chevalier
atteint 0 et le plus haut total gagne. **[décision]** Les égalités au plus haut partagent la victoire.

**Cartes Armes (80).** Quatre suites — Épées (\`sw\`), Flèches (\`ar\`), Sorcellerie (\`so\`), Trahison (\`de\`) —
de valeurs 1 à 15, soit par suite 11 cartes standard (5 blessures) et 4 cartes poison (10 blessures)\u00a0; 15
Alchimie (1 à 15, 5 blessures)\u00a0; 3 Merlin (25 blessures) et 2 Apprenti (5 blessures). **[décision]** Valeurs
poison (spécification de cours, à corriger si les cartes diffèrent)\u00a0: Épées 6 7 8 9, Flèches 8 9 10 11,
Sorcellerie 5 6 11 12, Trahison 6 7 9 10. À 2 joueurs, on retire les Flèches.

**Manche.** Le donneur (tiré au sort pour la première) distribue 12 cartes à chacun. Le chevalier à sa gauche
entame le premier combat\u00a0; le perdant d’un combat entame le suivant. La manche s’achève quand les mains sont vides.

**Combat.** Chacun pose une carte, dans le sens horaire. Il faut suivre la suite de l’entame, ou jouer Merlin ou
Apprenti. Qui ne peut pas suivre doit jouer une Alchimie, qui prend la suite de l’entame. Qui ne peut ni suivre
ni jouer Alchimie, Merlin ou Apprenti défausse une carte de son choix face visible (\`discard …\`), subit aussitôt
5 blessures (déshonneur) et ne participe pas au combat. **[décision]** On n’entame avec une Alchimie que si l’on
n’a que des Alchimies\u00a0; après une entame Alchimie, chacun joue ce qu’il veut. **[décision]** Sans la suite, on
peut jouer une Alchimie, Merlin ou Apprenti, au choix.

**Merlin et Apprenti.** On leur déclare une suite et une valeur de 1 à 15 (\`play merlin so11\`)\u00a0; en suivant, la
suite déclarée est celle de l’entame.

**Feinte et perdant.** Les cartes de même valeur, quel que soit leur nombre (Merlin et Apprenti selon leur valeur
déclarée), sont retournées et ne peuvent pas perdre. La plus faible des cartes restantes perd\u00a0: son joueur prend
toutes les cartes du combat, retournées comprises, dans sa pile de blessures. Si toutes sont retournées, elles
restent de côté et vont au perdant du combat suivant (**[décision]** le même chevalier entame à nouveau)\u00a0; après
le dernier combat de la manche, elles sont défaussées.

**Fin de manche.** Chacun perd les blessures de sa pile\u00a0: standard 5, poison 10, Merlin 25, Apprenti 5, Alchimie 5.
**[décision]** La fin de partie se vérifie alors, et aussitôt après un déshonneur\u00a0; un total sous 0 reste compté
tel quel. Le chevalier qui a subi le plus de blessures dans la manche (**[décision]** les blessures de cette manche,
que l’étape suit, déshonneur compris) donne la suivante\u00a0; en cas d’égalité, le plus proche du donneur précédent
(**[décision]** en partant de sa gauche, le donneur précédent en dernier).

**Héros et légendes.** Chaque chevalier a un héros, au pouvoir permanent, et sa légende, qui s’éveille quand ses
points de vie sont au plus à son seuil\u00a0: active à partir de la manche suivante, et pour toute la partie (L’Écharpe
verte n’a pas de seuil\u00a0: active dès le début). Option \`heroes\`\u00a0: au hasard, choisis à tour de rôle depuis la
gauche du donneur (\`hero …\`), ou sans héros.

**Faveurs divines.** Après chaque manche (option \`godsends\`), les faveurs en jeu sont défaussées et deux sont
retournées. Reçoivent une carte les chevaliers «\u00a0ayant subi le plus de blessures\u00a0», **[décision]** depuis le
début du tournoi\u00a0: les plus bas en vie, que les faveurs sont «\u00a0là pour aider\u00a0»\u00a0; à 3–4 chevaliers 1, puis 2, puis
3\u00a0; à 5–6 chevaliers 2, 3, 4, puis 5. Le chevalier qui a le plus de points de vie n’en reçoit jamais. Chaque
chevalier à 100 points ou plus du premier en reçoit une de plus, et encore une à 200 ou plus, en commençant par le
plus bas en vie. Égalités\u00a0: le plus proche du donneur précédent choisit d’abord. Chacun prend une carte visible
(\`take …\`, remplacée s’il reste quelqu’un à servir) ou la première du paquet (\`draw\`)\u00a0; les visibles restantes
sont défaussées. **[décision]** À 2 joueurs, la table de 3–4\u00a0; paquet vide\u00a0: on mélange la défausse. Une faveur
sert pendant la manche qui suit.

**Pouvoirs.** Un pouvoir actif s’utilise à son tour de jouer dans un combat, avant de poser sa carte
(\`use <carte> …\`)\u00a0: héros et légende une fois par manche, faveur une fois (Volonté divine\u00a0: trois fois, suivies
par les 3 jetons). Les pouvoirs permanents agissent seuls. Les blessures ne sont jamais plus que doublées.
**[décision]** Dans une pile, Alchimie, Merlin et Apprenti n’ont pas de suite\u00a0; une moitié s’arrondit au multiple
de 5 supérieur\u00a0; une protection et une malédiction sur la même suite s’annulent\u00a0; une carte échangée passe face
visible\u00a0; une valeur changée peut sortir de 1–15.

**Cartes maison.** **[décision]** Les textes imprimés des héros, légendes et faveurs divines ne sont pas publics\u00a0:
ce sont des cartes maison de la Table ronde («\u00a0carte maison\u00a0»), qui gardent les noms connus (Roi Arthur et son jeton
+3, Guenièvre et Lancelot au seuil 150, Sire Gauvain et L’Écharpe verte, Mordred, Excalibur). Le jeton +3 d’Arthur
sert une fois par manche\u00a0; les autres seuils sont de la maison. Leurs valeurs sont réglées sur des parties entre bots
(\`BALANCE.md\`)\u00a0: aucun héros ne gagne plus d’une fois et demie sa part.

${heroList('fr')}

Faveurs divines (24)\u00a0:

${godsendList('fr')}
`;

const en = `# Tournament at Camelot

**Goal.** End with the most life. Everyone starts at 400; the game stops as soon as a knight reaches 0 and the
highest total wins. **[decision]** Ties for the highest share the win.

**Weapon cards (80).** Four suits — Swords (\`sw\`), Arrows (\`ar\`), Sorcery (\`so\`), Deception (\`de\`) — valued 1
to 15, each with 11 standard cards (5 wounds) and 4 poisoned cards (10 wounds); 15 Alchemy (1 to 15, 5 wounds);
3 Merlin (25 wounds) and 2 Apprentice (5 wounds). **[decision]** Poisoned values (course specification, to be
corrected if the cards differ): Swords 6 7 8 9, Arrows 8 9 10 11, Sorcery 5 6 11 12, Deception 6 7 9 10. With 2
players, the Arrows are removed.

**Round.** The dealer (random for the first round) deals 12 cards each. The knight on their left leads the first
combat; the loser of a combat leads the next. The round ends when the hands are empty.

**Combat.** Everyone plays one card, clockwise. You must follow the suit led, or play Merlin or Apprentice. If you
cannot follow, you must play an Alchemy card, which takes the suit led. If you can neither follow nor play Alchemy,
Merlin or Apprentice, you discard a card of your choice face up (\`discard …\`), take 5 wounds at once (dishonour)
and are out of the combat. **[decision]** Alchemy may lead only from a hand of nothing but Alchemy; after an Alchemy
lead, anyone plays anything. **[decision]** Without the suit, you may play Alchemy, Merlin or Apprentice, as you
like.

**Merlin and Apprentice.** You declare a suit and a value from 1 to 15 (\`play merlin so11\`); when following, the
declared suit is the suit led.

**Feint and loser.** Cards sharing a value, however many (Merlin and Apprentice by their declared value), are
turned face down and cannot lose. The lowest remaining card loses: its player takes every card of the combat,
face-down ones included, onto their wound pile. If all are turned down, they stay aside and go to the loser of the
next combat (**[decision]** the same knight leads again); after the round's last combat, they are discarded.

**End of a round.** Everyone loses the wounds of their pile: standard 5, poisoned 10, Merlin 25, Apprentice 5,
Alchemy 5. **[decision]** The end of the game is checked then, and at once after a dishonour; a total below 0 is
kept as it is. The knight who took the most wounds this round (**[decision]** this round's wounds, the step
follows their count, dishonour included) deals the next; ties go to the one nearest the previous dealer
(**[decision]** starting from their left, the previous dealer last).

**Heroes and legends.** Each knight has a hero, an always-on power, and its legend, which wakes when their life is
at or below its threshold: active from the next round on, for the rest of the game (the Green Sash has no
threshold: active from the start). Option \`heroes\`: at random, chosen in turn from the dealer's left (\`hero …\`),
or none.

**Godsends.** After each round (option \`godsends\`), the godsends in play are discarded and two are turned face
up. The knights "who took the most wounds" get one, **[decision]** counted over the whole tournament: the lowest
in life, whom godsends are "there to help"; with 3–4 knights 1, then 2, then 3; with 5–6 knights 2, 3, 4, then 5.
The knight with the most life never gets one. Each knight 100 or more behind the leader gets one more, and another
at 200 or more, starting with the lowest in life. Ties: the one nearest the previous dealer chooses first. Each
takes a face-up card (\`take …\`, replaced if someone still chooses) or the top of the pile (\`draw\`); the
face-up cards left are discarded. **[decision]** 2 players use the 3–4 table; an empty pile is refilled from the
shuffled discard. A godsend serves during the next round.

**Powers.** An active power is used on your turn to play in a combat, before your card (\`use <card> …\`): hero and
legend once per round, a godsend once (Divine Will: three times, tracked by the 3 tokens). Always-on powers work
by themselves. Wounds are never more than doubled. **[decision]** In a pile, Alchemy, Merlin and Apprentice have
no suit; a half rounds up to a multiple of 5; a ward and a curse on the same suit cancel out; an exchanged card
goes face up; a changed value may leave 1–15.

**House cards.** **[decision]** The printed texts of the heroes, legends and godsends are not public: they are
Round Table house cards ("carte maison") that keep the known names (King Arthur and his +3 token, Guinevere and
Lancelot at 150, Sir Gawain and the Green Sash, Mordred, Excalibur). Arthur's +3 token serves once per round; the
other thresholds are ours. Their numbers are tuned on bot games (\`BALANCE.md\`): no hero wins more than one and a
half times its share.

${heroList('en')}

Godsends (24):

${godsendList('en')}
`;

export const tournamentRules: Localized = { fr, en };
