import type { AnyGame, Lang } from '@roundtable/core';
import type { Snapshot } from '../session/types.ts';
import { ew, explorerHref } from '../explorer/words.ts';

/** The review of this match: a match of this browser is reviewed here, an online one by the server. */
export function reviewHref(snap: Snapshot, gameId: string): string | null {
  if (!snap.outcome) return null;
  if (snap.connection === 'local') return `#/review/local/${gameId}`;
  return snap.matchId ? `#/review/m/${encodeURIComponent(snap.matchId)}` : null;
}

/** The analysis board from the position shown (two-player games of perfect information). */
function analysisHref(snap: Snapshot, game: AnyGame, ply: number): string | null {
  if (!game.perfectInformation || snap.players !== 2 || snap.privacy !== null) return null;
  if (snap.connection === 'local') return `#/analysis/local/${game.id}?ply=${ply}`;
  // Online, the record (and so the board) is public once the match is over, at any time for open games.
  return snap.matchId ? `#/analysis/m/${encodeURIComponent(snap.matchId)}?ply=${ply}` : null;
}

/** The opening explorer at the position shown (an online match's public record, replayed there). */
function explorerLink(snap: Snapshot, game: AnyGame, ply: number): string | null {
  if (!game.perfectInformation || !game.position || snap.players !== 2 || snap.privacy !== null) return null;
  return snap.connection !== 'local' && snap.matchId ? explorerHref(game.id, { match: snap.matchId, ply }) : null;
}

const W = {
  analysis: { en: 'Analysis board from here', fr: 'Échiquier d’analyse à partir d’ici' },
  review: { en: 'Computer review', fr: 'Analyse par l’ordinateur' },
} as const;

/**
 * Links to learn from the match: the analysis board at the move shown (games of perfect information, once over
 * or in a replay: never a hint during play) and the review once the match is over.
 */
export function StudyLinks({ snap, game, ply, lang }: { snap: Snapshot; game: AnyGame; ply: number; lang: Lang }) {
  if (!snap.outcome) return null;
  const analysis = analysisHref(snap, game, ply);
  const review = reviewHref(snap, game.id);
  const explorer = explorerLink(snap, game, ply);
  if (!analysis && !review) return null;
  return (
    <p class="study-links">
      {analysis && (
        <a class="button" href={analysis} data-testid="to-analysis-board">
          {W.analysis[lang]}
        </a>
      )}{' '}
      {review && (
        <a class="button" href={review} data-testid="to-review">
          {W.review[lang]}
        </a>
      )}{' '}
      {explorer && (
        <a class="button" href={explorer} data-testid="to-explorer">
          {ew(lang, 'title')}
        </a>
      )}
    </p>
  );
}
