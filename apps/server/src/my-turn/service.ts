import type { MatchSummary, MyTurnAnswer, MyTurnEntry } from '@roundtable/protocol';
import type { AccountStore } from '../accounts/store.ts';
import type { MatchService } from '../match-service.ts';

/** The most seats of an account looked through for "my turn" (its newest ones). */
const SEATS_READ = 500;

/** A correspondence match: a clock of days per move (the only kind a person plays between other things). */
export const isCorrespondence = (m: MatchSummary): boolean => m.clock !== null && 'days' in m.clock;

/**
 * Every correspondence match waiting for an account's move, across games, the soonest deadline first (a match
 * whose clock is not running, which cannot be, goes last).
 */
export async function myTurn(accounts: AccountStore, service: MatchService, accountId: string): Promise<MyTurnAnswer> {
  const out: MyTurnEntry[] = [];
  for (const { matchId, seat } of await accounts.seats(accountId, SEATS_READ)) {
    const summary = await service.summary(matchId);
    if (!summary || summary.status !== 'active' || !isCorrespondence(summary)) continue;
    const live = service.peek(matchId) ?? (await service.open(matchId).then((r) => (r.ok ? r.value : null)));
    if (!live || !live.toMove().includes(seat) || live.seats[seat]?.kind !== 'human') continue;
    out.push({ match: live.summary(), seat, deadline: live.deadline });
  }
  out.sort((a, b) => (a.deadline ?? Infinity) - (b.deadline ?? Infinity) || a.match.createdAt - b.match.createdAt);
  return { matches: out, now: Date.now() };
}
