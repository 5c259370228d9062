/** The hot-seat match of this browser, saved after every move so a reload resumes it (replayed from its seed). */
export interface LocalRecord {
  readonly gameId: string;
  readonly seats: readonly { readonly kind: 'human' | 'bot'; readonly level?: string; readonly name?: string }[];
  readonly options: Record<string, unknown>;
  readonly seed: number | string;
  readonly moves: readonly { readonly seat: number; readonly move: string }[];
}

const KEY = 'rt.local';

export function saveLocalSetup(record: LocalRecord): void {
  localStorage.setItem(KEY, JSON.stringify(record));
}

export function loadLocalSetup(gameId: string): LocalRecord | null {
  try {
    const r = JSON.parse(localStorage.getItem(KEY) ?? 'null') as LocalRecord | null;
    return r && r.gameId === gameId && Array.isArray(r.seats) && Array.isArray(r.moves) ? r : null;
  } catch {
    return null;
  }
}

/** The saved hot-seat match, whatever its game (for "my matches"). */
export function savedLocal(): LocalRecord | null {
  try {
    const r = JSON.parse(localStorage.getItem(KEY) ?? 'null') as LocalRecord | null;
    return r && typeof r.gameId === 'string' && Array.isArray(r.moves) ? r : null;
  } catch {
    return null;
  }
}
