import type { MessageCatalog } from '@roundtable/core';

const s = (v: unknown): string => String(v);
const squares = (v: unknown): string => (Array.isArray(v) ? v.join(', ') : String(v));

/** Camelot's rule errors in English and French; each names the rule and the square at fault. */
export const camelotMessages: MessageCatalog = {
  NO_PIECE: {
    en: (e) => `You have no piece on ${s(e.square)}.`,
    fr: (e) => `Vous n’avez pas de pièce en ${s(e.square)}.`,
  },
  OCCUPIED: {
    en: (e) => `${s(e.square)} is occupied: a piece can only land on an empty square.`,
    fr: (e) => `${s(e.square)} est occupée\u00a0: une pièce ne peut arriver que sur une case vide.`,
  },
  OWN_CASTLE: {
    en: (e) => `No plain move or canter into your own castle (${s(e.square)}); only a jump may enter it.`,
    fr: (e) =>
      `Pas de pas ni de saut amical vers votre propre château (${s(e.square)})\u00a0; seule une prise peut y entrer.`,
  },
  PLAIN_STEP_ALONE: {
    en: (e) => `${s(e.from)}-${s(e.to)} is a plain move of one square: it cannot be combined with other steps.`,
    fr: (e) =>
      `${s(e.from)}-${s(e.to)} est un simple pas d’une case\u00a0: il ne se combine avec aucun autre déplacement.`,
  },
  NOT_A_STEP: {
    en: (e) =>
      `From ${s(e.from)} to ${s(e.to)} is neither a step to a neighbouring square nor a leap over one square in a straight line.`,
    fr: (e) =>
      `De ${s(e.from)} à ${s(e.to)} n’est ni un pas vers une case voisine ni un saut par-dessus une case en ligne droite.`,
  },
  CANTER_OVER_FRIEND: {
    en: (e) =>
      `A canter ("-") leaps over one of your own pieces, and there is none on ${s(e.over)}. Write a jump over an enemy piece with "x".`,
    fr: (e) =>
      `Un saut amical («\u00a0-\u00a0») passe par-dessus une de vos pièces, et il n’y en a pas en ${s(e.over)}. Une prise par-dessus une pièce adverse s’écrit «\u00a0x\u00a0».`,
  },
  JUMP_OVER_ENEMY: {
    en: (e) =>
      `A jump ("x") leaps over an enemy piece, and there is none on ${s(e.over)}. Write a canter over your own piece with "-".`,
    fr: (e) =>
      `Une prise («\u00a0x\u00a0») passe par-dessus une pièce adverse, et il n’y en a pas en ${s(e.over)}. Un saut amical s’écrit «\u00a0-\u00a0».`,
  },
  CHARGE_ORDER: {
    en: (e) => `A knight's charge is canters first, then jumps: no canter after a jump (${s(e.square)}).`,
    fr: (e) =>
      `La charge du cavalier enchaîne d’abord les sauts amicaux, puis les prises\u00a0: pas de saut amical après une prise (${s(e.square)}).`,
  },
  ONLY_KNIGHTS_CHARGE: {
    en: (e) => `Only a knight may canter and then jump in one move (knight's charge); ${s(e.square)} is a man.`,
    fr: (e) =>
      `Seul un cavalier peut enchaîner saut amical puis prise (charge du cavalier)\u00a0; ${s(e.square)} est un pion.`,
  },
  CANTER_RETURNS: {
    en: (e) => `A canter may not end on the square it started from (${s(e.square)}).`,
    fr: (e) => `Un saut amical ne peut pas se terminer sur sa case de départ (${s(e.square)}).`,
  },
  CASTLE_PRISONER: {
    en: (e) =>
      `The piece on ${s(e.square)} has entered the enemy castle and can never leave it; it may only step to the other castle square.`,
    fr: (e) =>
      `La pièce en ${s(e.square)} est entrée dans le château adverse et ne peut plus en sortir\u00a0; elle peut seulement passer sur l’autre case du château.`,
  },
  ENTERED_ENEMY_CASTLE: {
    en: (e) => `A piece that enters the enemy castle stops there (${s(e.square)}).`,
    fr: (e) => `Une pièce qui entre dans le château adverse s’y arrête (${s(e.square)}).`,
  },
  MUST_LEAVE_CASTLE: {
    en: (e) => `Your piece on ${s(e.square)} is in your own castle: it must move out this turn, before anything else.`,
    fr: (e) =>
      `Votre pièce en ${s(e.square)} est dans votre propre château\u00a0: elle doit en sortir ce tour-ci, avant toute autre chose.`,
  },
  CAPTURE_REQUIRED: {
    en: (e) =>
      `Capturing is compulsory: ${squares(e.squares)} can jump an enemy piece (a knight's charge also counts).`,
    fr: (e) =>
      `La prise est obligatoire\u00a0: ${squares(e.squares)} peut prendre une pièce adverse (une charge du cavalier compte aussi).`,
  },
  MUST_CONTINUE: {
    en: (e) => `After a jump the piece must keep jumping while it can: it can jump again from ${s(e.square)}.`,
    fr: (e) =>
      `Après une prise, la pièce doit continuer tant qu’elle peut prendre\u00a0: elle peut encore prendre depuis ${s(e.square)}.`,
  },
  KNIGHT_MUST_CAPTURE: {
    en: (e) => `A knight cantering onto ${s(e.square)}, from where it could jump, must capture in this move.`,
    fr: (e) => `Un cavalier qui arrive en ${s(e.square)}, d’où il pourrait prendre, doit prendre dans ce coup.`,
  },
  CASTLE_MOVES_USED: {
    en: (e) => `You have used your ${s(e.limit)} castle moves for this game.`,
    fr: (e) => `Vous avez déjà joué vos ${s(e.limit)} coups de château de la partie.`,
  },
  ILLEGAL_MOVE: {
    en: (e) => `${s(e.move)} is not a legal move here.`,
    fr: (e) => `${s(e.move)} n’est pas un coup légal ici.`,
  },
};
