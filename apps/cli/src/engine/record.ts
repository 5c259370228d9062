import {
  describeError,
  err,
  isSeed,
  Match,
  ok,
  type AnyGame,
  type GameError,
  type MessageCatalog,
  type Result,
} from '@roundtable/core';

/**
 * Replays a match record for `load`, checking every field first: a refusal names the field or the move at fault
 * in English and in French (`reason`, `reasonFr`), and a refused move carries its cause and that cause's message.
 * Core's `replay` says the same in English only; the engine speaks both languages, so it checks here.
 */
export function loadRecord(
  game: AnyGame,
  record: Readonly<Record<string, unknown>>,
  catalog: MessageCatalog,
): Result<Match> {
  const bad = (
    reason: string,
    reasonFr: string,
    extra: Record<string, unknown> = {},
  ): { ok: false; error: GameError } => err({ code: 'BAD_RECORD', reason, reasonFr, ...extra });
  const { players, seed, options, position, moves } = record;
  if (players !== undefined && !(typeof players === 'number' && Number.isInteger(players))) {
    return bad('"players" must be a whole number', '« players » doit être un nombre entier', { field: 'players' });
  }
  if (seed !== undefined && !isSeed(seed)) {
    return bad(
      '"seed" must be an integer or a non-empty string',
      '« seed » doit être un entier ou une chaîne non vide',
      { field: 'seed' },
    );
  }
  if (options !== undefined && options !== null && (typeof options !== 'object' || Array.isArray(options))) {
    return bad('"options" must be an object', '« options » doit être un objet', { field: 'options' });
  }
  if (position !== undefined && position !== null && typeof position !== 'string') {
    return bad('"position" must be a string', '« position » doit être une chaîne', { field: 'position' });
  }
  if (!Array.isArray(moves))
    return bad('"moves" must be a list of {seat, move}', '« moves » doit être une liste de {seat, move}', {
      field: 'moves',
    });
  const created = Match.create(game, { players, seed, options, position });
  if (!created.ok) return created;
  const match = created.value;
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i] as unknown;
    const seat = typeof m === 'object' && m !== null ? (m as { seat?: unknown }).seat : undefined;
    const move = typeof m === 'object' && m !== null ? (m as { move?: unknown }).move : undefined;
    if (typeof seat !== 'number' || !Number.isInteger(seat) || typeof move !== 'string') {
      return bad(
        `move ${i} must be {"seat": a whole number, "move": a string}`,
        `le coup ${i} doit être {"seat": un entier, "move": une chaîne}`,
        { index: i },
      );
    }
    const played = match.play(seat, move);
    if (!played.ok) {
      const cause = played.error;
      return bad(
        `move ${i} ("${move}" by seat ${seat}) was refused: ${sentence(describeError(cause, 'en', catalog))}`,
        `le coup ${i} (« ${move} », siège ${seat}) a été refusé : ${sentence(describeError(cause, 'fr', catalog))}`,
        { index: i, cause },
      );
    }
  }
  return ok(match);
}

/** A message as a clause inside another (BAD_RECORD adds its own full stop). */
function sentence(message: string): string {
  return message.replace(/\.$/, '');
}
