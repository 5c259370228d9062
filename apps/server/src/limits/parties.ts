/**
 * Whom a match is made for: the client addresses (as `creatorOf` hashes them, never in clear) and the accounts it
 * serves. Every way a match comes into being (a creation, play-now, a rematch) names them, and the match counts
 * against each one's cap of matches in play.
 */
export interface Parties {
  readonly addresses: readonly string[];
  readonly accounts: readonly string[];
}

export const NOBODY: Parties = { addresses: [], accounts: [] };

/** The ledger's key of an address or an account (one column holds both). */
export const addressParty = (address: string): string => `a:${address}`;
export const accountParty = (account: string): string => `u:${account}`;

/** Both sets together, each once. */
export function joinParties(...all: readonly Parties[]): Parties {
  return {
    addresses: [...new Set(all.flatMap((p) => p.addresses))],
    accounts: [...new Set(all.flatMap((p) => p.accounts))],
  };
}

/** The parties a ledger's keys stand for (what `partiesOf` reads back). */
export function partiesFromKeys(keys: readonly string[]): Parties {
  return {
    addresses: keys.filter((k) => k.startsWith('a:')).map((k) => k.slice(2)),
    accounts: keys.filter((k) => k.startsWith('u:')).map((k) => k.slice(2)),
  };
}
