import { lineById } from '@roundtable/catalog/lines';
import { endWords, type Lang, type Outcome } from '@roundtable/core';

type Words = { readonly en: string; readonly fr: string };

const COMMON: Record<string, Words> = {
  cap: { en: 'The match reached its move limit.', fr: 'La partie a atteint sa limite de coups.' },
  abandoned: { en: 'The match was abandoned.', fr: 'La partie a été abandonnée.' },
  resignation: { en: 'A player resigned.', fr: 'Un joueur a abandonné.' },
  agreement: { en: 'The players agreed to a draw.', fr: 'Les joueurs se sont accordés sur la nulle.' },
  timeout: { en: 'A player ran out of time.', fr: 'Un joueur a dépassé son temps.' },
  cancelled: { en: 'The match was called off before it started.', fr: 'La partie a été annulée avant de commencer.' },
};

/**
 * Why a match ended, in words: the game's own end reasons (its descriptor), else the ends every game shares;
 * `loser` names the one player who resigned or ran out of time, when there is one.
 */
export function reasonWords(gameId: string, outcome: Outcome, lang: Lang, loser?: string): string {
  if (loser && outcome.reason === 'resignation') return lang === 'fr' ? `${loser} a abandonné.` : `${loser} resigned.`;
  if (loser && outcome.reason === 'timeout')
    return lang === 'fr' ? `${loser} a dépassé son temps.` : `${loser} ran out of time.`;
  const own = lineById(gameId)?.descriptor;
  const w = (own ? endWords(own, outcome.reason) : null) ?? COMMON[outcome.reason];
  return w ? w[lang] : outcome.reason;
}

/** What `Outcome.scores` counts in a game (its descriptor), for the end-of-game table. */
export function scoreLabel(gameId: string): Words | undefined {
  return lineById(gameId)?.descriptor.scoreLabel;
}
