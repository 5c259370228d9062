/**
 * "My matches": the seat tokens this browser holds, kept in localStorage so an async game can be resumed after
 * a reload or days later. A token is the only key to a seat: it never leaves this browser but to the server.
 */
export interface StoredSeat {
  readonly match: string;
  readonly game: string;
  readonly seat: number;
  readonly token: string;
  readonly createdAt: number;
}

const KEY = 'rt.seats';

export function storedSeats(): StoredSeat[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(raw)
      ? (raw as StoredSeat[]).filter((s) => typeof s?.match === 'string' && typeof s.token === 'string')
      : [];
  } catch {
    return [];
  }
}

export function seatFor(match: string): StoredSeat | undefined {
  return storedSeats().find((s) => s.match === match);
}

export function storeSeat(seat: StoredSeat): void {
  const rest = storedSeats().filter((s) => s.match !== seat.match);
  localStorage.setItem(KEY, JSON.stringify([seat, ...rest].slice(0, 100)));
}

export function forgetSeat(match: string): void {
  localStorage.setItem(KEY, JSON.stringify(storedSeats().filter((s) => s.match !== match)));
}
