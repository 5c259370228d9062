import './rating-change.css';

/**
 * A rating change as the pages show it: "1500 → 1662 (+162)", whole points as on the leaderboard, the change
 * taken between the two shown figures so that it adds up.
 */
export function ratingChangeText(before: number, after: number): string {
  const from = Math.round(before);
  const to = Math.round(after);
  const delta = to - from;
  return `${from} → ${to} (${delta > 0 ? '+' : delta < 0 ? '−' : '±'}${Math.abs(delta)})`;
}

/** The tone of a change, for its colour: up, down or level. */
export function ratingTone(before: number, after: number): 'up' | 'down' | 'level' {
  const delta = Math.round(after) - Math.round(before);
  return delta > 0 ? 'up' : delta < 0 ? 'down' : 'level';
}
