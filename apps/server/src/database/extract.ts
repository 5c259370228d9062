import { err, Match, ok, type AnyGame, type Result } from '@roundtable/core';
import { canIndexPositions, canonicalOptions, positionKeyer } from '@roundtable/ai';
import { gameById } from '@roundtable/catalog';
import { playNotation } from '../rules.ts';
import type { MatchSettings, StoredMatch } from '../storage/store.ts';
import type { GameSource, IndexedGame } from './types.ts';

const OVER = new Set(['finished', 'abandoned', 'archived']);

/** What records-export's import puts in an imported match's settings (protocol records.ts `RecordSource`). */
interface ImportMark {
  readonly origin?: unknown;
  readonly format?: unknown;
  readonly event?: unknown;
  readonly date?: unknown;
}

function importMark(settings: MatchSettings): ImportMark | null {
  const source = (settings as { source?: unknown }).source;
  if (typeof source !== 'object' || source === null) return null;
  return (source as ImportMark).origin === 'import' ? (source as ImportMark) : null;
}

/**
 * Where a stored match comes from. An imported record (records-export: `settings.source.origin = 'import'`) of
 * another site (WCF scores, AbstractPlay) is a master game; our own export imported again keeps the source it had
 * here unknown, so it counts as casual (never twice in the explorer).
 */
export function sourceOf(settings: MatchSettings): GameSource {
  const mark = importMark(settings);
  if (mark) return mark.format === 'roundtable' ? 'casual' : 'master';
  return settings.rated ? 'rated' : 'casual';
}

/** The event a match belongs to, once events put `settings.event` (a string id) on their matches. */
function eventOf(settings: MatchSettings): string | null {
  // An event of the site first; else an imported record's Event tag.
  const e = (settings as { event?: unknown }).event ?? importMark(settings)?.event;
  return typeof e === 'string' && e.length > 0 && e.length <= 64 ? e : null;
}

/**
 * A finished match as a game of the database, its moves replayed (a stored row is input from outside) to key the
 * position after each ply when the game's positions can be indexed, unless this process kept those keys as the
 * match was played. `ratings`: each seat's rating before the match.
 */
export function indexedGameOf(
  stored: StoredMatch,
  ratings: readonly (number | null)[],
  /** The keys after each ply, kept while the match was played in this process (live-keys.ts), if they were. */
  live: readonly string[] | null = null,
): Result<IndexedGame> {
  const m = stored.match;
  if (!OVER.has(m.status) || !m.outcome) return err({ code: 'NOT_FINISHED' });
  if (m.outcome.reason === 'cancelled') return err({ code: 'NOT_FINISHED' });
  const game = gameById(m.game);
  if (!game) return err({ code: 'UNKNOWN_GAME', game: m.game });
  const keys = canIndexPositions(game, m.players) ? keysOf(game, stored, live) : ok([] as string[]);
  if (!keys.ok) return keys;
  const names = stored.seats.slice().sort((a, b) => a.seat - b.seat);
  return ok({
    id: m.id,
    source: sourceOf(m.settings),
    game: m.game,
    players: m.players,
    options: canonicalOptions(m.options),
    playedAt: recordDate(m.settings) ?? m.createdAt,
    names: names.map((s) => (s.kind === 'bot' && s.name === null ? (s.level ? `bot:${s.level}` : null) : s.name)),
    ratings: names.map((s) => ratings[s.seat] ?? null),
    winners: [...m.outcome.winners],
    draw: m.outcome.draw,
    reason: m.outcome.reason,
    moves: stored.moves.map((x) => x.move),
    event: eventOf(m.settings),
    keys: keys.value,
  });
}

function keysOf(game: AnyGame, stored: StoredMatch, live: readonly string[] | null): Result<string[]> {
  const m = stored.match;
  const made = Match.create(game, {
    players: m.players,
    options: m.options,
    seed: m.seed,
    position: m.position ?? undefined,
  });
  if (!made.ok) return made;
  // The options as the game completes them, as the explorer reads a position with (explorer/position.ts).
  const key = positionKeyer(game, made.value.record().options);
  let state = made.value.state;
  const keys = [key(state)];
  // Kept while the match was played here (live-keys.ts): its moves were checked then, no replay needed.
  if (live !== null && live.length === stored.moves.length) return ok(keys.concat(live));
  for (let i = 0; i < stored.moves.length; i++) {
    const m = stored.moves[i]!;
    const played = playNotation(game, state, m.seat, m.move);
    if (!played.ok) return err({ code: 'BAD_RECORD', reason: `move ${i} (${m.move}) was refused`, index: i });
    state = played.value.state;
    keys.push(key(state));
  }
  return ok(keys);
}

/** An imported record's date tag (`1931.05.02`, `1931.??.??`: the known part), or null. */
function recordDate(settings: MatchSettings): number | null {
  const d = importMark(settings)?.date;
  if (typeof d !== 'string') return null;
  const m = /^(\d{4})(?:[.-](\d{2}|\?\?)(?:[.-](\d{2}|\?\?))?)?/.exec(d);
  if (!m) return null;
  const month = m[2] && m[2] !== '??' ? Number(m[2]) - 1 : 0;
  const day = m[3] && m[3] !== '??' ? Number(m[3]) : 1;
  const t = Date.UTC(Number(m[1]), month, day);
  return Number.isFinite(t) ? t : null;
}
