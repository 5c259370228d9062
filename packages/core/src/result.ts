/** A value or a typed error: rules never throw for bad input, they answer with an error value. */
export type Result<T, E = GameError> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}

/**
 * An error is a value with a stable code and the offending item (a square, a card, a seat), so that a user
 * interface can translate it and point at what was wrong. `code` is SCREAMING_SNAKE_CASE and never changes
 * once published (the engine protocol and the server send it to other programs).
 */
export interface GameError {
  readonly code: string;
  readonly [detail: string]: unknown;
}
