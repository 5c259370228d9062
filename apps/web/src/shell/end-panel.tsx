import type { JSX } from 'preact';
import type { Lang, Outcome, Seat } from '@roundtable/core';
import type { RatingChange } from '@roundtable/protocol';
import type { TableModule } from '../table-api.ts';
import { Modal } from './dialog.tsx';
import { lineById } from '@roundtable/catalog/lines';
import { reasonWords, scoreLabel as scoreLabelOf } from './outcome-words.ts';
import { ratingChangeText, ratingTone } from '../social/rating-change.ts';
import './end-panel.css';

const W = {
  over: { en: 'Game over', fr: 'Partie terminée' },
  wins: { en: 'wins!', fr: 'l’emporte\u00a0!' },
  win: { en: 'win!', fr: 'l’emportent\u00a0!' },
  draw: { en: 'A draw', fr: 'Match nul' },
  drawBetween: { en: 'A draw between', fr: 'Égalité entre' },
  allLost: { en: 'Nobody wins.', fr: 'Personne ne gagne.' },
  player: { en: 'Player', fr: 'Joueur' },
  winner: { en: 'Winner', fr: 'Vainqueur' },
  rematch: { en: 'Rematch', fr: 'Revanche' },
  replay: { en: 'Replay the match', fr: 'Revoir la partie' },
  review: { en: 'Computer review', fr: 'Analyse par l’ordinateur' },
  newGame: { en: 'New game', fr: 'Nouvelle partie' },
  close: { en: 'Close', fr: 'Fermer' },
  you: { en: 'you', fr: 'vous' },
  rating: { en: 'Rating', fr: 'Cote' },
} as const;

/** The end-of-game panel: who won and why in words, the table of scores, and what to do next. */
export function EndPanel({
  module,
  outcome,
  view,
  lang,
  players,
  name,
  viewer,
  onClose,
  onRematch,
  onReplay,
  onNewGame,
  reviewHref,
  ratings,
  held,
}: {
  module: TableModule;
  outcome: Outcome;
  view: unknown;
  lang: Lang;
  players: number;
  name: (s: Seat) => string;
  viewer: Seat | 'spectator';
  onClose: () => void;
  onRematch: (() => void) | null;
  onReplay: (() => void) | null;
  onNewGame: () => void;
  /** The match's computer review (null: none for this match). */
  reviewHref?: string | null;
  /** A rated match: each seat's rating before and after, once the server stored them. */
  ratings?: readonly RatingChange[] | null;
  /** Which seats a bot held for players gone (vacation/held-marks.tsx). */
  held?: JSX.Element | null;
}) {
  const w = (k: keyof typeof W): string => W[k][lang];
  const summary = module.endSummary?.(view, outcome, lang);
  const winners = outcome.winners.map(name).join(lang === 'fr' ? ' et ' : ' and ');
  const headline =
    summary?.headline ??
    (outcome.draw
      ? outcome.winners.length > 0
        ? `${w('drawBetween')} ${winners}`
        : w('draw')
      : outcome.winners.length === 0
        ? w('allLost')
        : `${winners} ${outcome.winners.length > 1 ? w('win') : w('wins')}`);
  const scoreLabel = scoreLabelOf(module.game.id)?.[lang];
  const seats = Array.from({ length: players }, (_, i) => i);
  // A resignation or a clock leaves one player out of the winners: the reason names them.
  const losers = outcome.draw ? [] : seats.filter((s) => !outcome.winners.includes(s));
  // "Ann (White, you)", not "Ann (White) (you)".
  const mine = (label: string): string =>
    label.endsWith(')') ? `${label.slice(0, -1)}, ${w('you')})` : `${label} (${w('you')})`;
  // Sides win or lose together in a team game: its seats are not ranked by score.
  const teams = lineById(module.game.id)?.descriptor.capabilities.teams === true;
  const ranked =
    outcome.scores && scoreLabel && !teams
      ? [...seats].sort((a, b) => (outcome.scores?.[b] ?? 0) - (outcome.scores?.[a] ?? 0))
      : seats;
  const rated = (ratings?.length ?? 0) > 0;
  return (
    <Modal label={w('over')} onClose={onClose} class="end-panel" testid="end-panel">
      <h2>{w('over')}</h2>
      <p class="headline" data-testid="end-headline">
        {headline}
      </p>
      <p class="why" data-testid="end-reason">
        {reasonWords(module.game.id, outcome, lang, losers.length === 1 ? name(losers[0] as Seat) : undefined)}
      </p>
      {/* On a phone each player's row stacks: the name, then each figure after its column's name (end-panel.css). */}
      <table class="scores" data-testid="end-scores">
        <thead>
          <tr>
            <th scope="col">{w('player')}</th>
            {summary?.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
            {scoreLabel && <th scope="col">{scoreLabel}</th>}
            {rated && <th scope="col">{w('rating')}</th>}
            <th scope="col">
              <span class="sr-only">{w('winner')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {ranked.map((s) => (
            <tr key={s} class={outcome.winners.includes(s) ? 'winner' : ''}>
              <th scope="row">
                <span class="dot" style={{ background: module.seatColour(s, players) }} aria-hidden="true" />
                {viewer === s ? mine(name(s)) : name(s)}
              </th>
              {summary?.rows[s]?.map((c, i) => (
                <td key={i} data-label={summary.columns[i]}>
                  {c}
                </td>
              ))}
              {scoreLabel && <td data-label={scoreLabel}>{outcome.scores?.[s] ?? ''}</td>}
              {rated && <RatingCell change={ratings?.find((r) => r.seat === s)} label={w('rating')} />}
              <td class="win-cell">
                {outcome.winners.includes(s) && !outcome.draw ? <span class="badge">{w('winner')}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {summary?.lines.map((l) => (
        <p key={l}>{l}</p>
      ))}
      {held}
      <div class="actions">
        {onRematch && (
          <button type="button" class="primary" onClick={onRematch} data-testid="rematch">
            {w('rematch')}
          </button>
        )}
        {onReplay && (
          <button type="button" onClick={onReplay} data-testid="end-replay">
            {w('replay')}
          </button>
        )}
        {reviewHref && (
          <a class="button" href={reviewHref} data-testid="end-review">
            {w('review')}
          </a>
        )}
        <button type="button" onClick={onNewGame}>
          {w('newGame')}
        </button>
        <button type="button" onClick={onClose} data-testid="end-close">
          {w('close')}
        </button>
      </div>
    </Modal>
  );
}

function RatingCell({ change, label }: { change: RatingChange | undefined; label: string }) {
  if (!change) return <td data-label={label} />;
  return (
    <td
      data-label={label}
      class={`rating-change ${ratingTone(change.before, change.after)}`}
      data-testid="rating-change"
    >
      {ratingChangeText(change.before, change.after)}
    </td>
  );
}
