import { err, ok, type GameError, type Result } from './result.ts';

/**
 * Small readers for data stored outside (a saved state, a row): each checks one field and names it when it is
 * wrong. They throw a `StoredDataError`; `readStored` turns that into a `BAD_STATE` error value, so a game's
 * `deserialize` reads as a plain description of its state.
 */
export class StoredDataError extends Error {}

export const fail = (reason: string): never => {
  throw new StoredDataError(reason);
};

export type Obj = Record<string, unknown>;

export const obj = (v: unknown, what: string): Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : fail(`${what} must be an object`);

export const int = (v: unknown, what: string, min: number, max: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
    ? v
    : fail(`${what} must be a whole number from ${min} to ${max}`);

export const bool = (v: unknown, what: string): boolean =>
  typeof v === 'boolean' ? v : fail(`${what} must be true or false`);

export const arr = (v: unknown, what: string): unknown[] => (Array.isArray(v) ? v : fail(`${what} must be a list`));

/** Runs a reader; a `StoredDataError` becomes `{ code: 'BAD_STATE', reason }`, anything else is a real bug. */
export function readStored<T>(read: () => T): Result<T, GameError> {
  try {
    return ok(read());
  } catch (e) {
    if (e instanceof StoredDataError) return err({ code: 'BAD_STATE', reason: e.message, reasonFr: e.message });
    throw e;
  }
}
