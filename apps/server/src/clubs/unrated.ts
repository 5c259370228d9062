import { err, ok, type Result } from '@roundtable/core';
import type { CreateMatchRequest, JoinAnswer, RematchMessage } from '@roundtable/protocol';
import type { AccountStore } from '../accounts/store.ts';
import type { Me } from '../accounts/service.ts';
import type { Guard } from '../limits/guard.ts';
import { joinParties } from '../limits/parties.ts';
import type { MatchService } from '../match-service.ts';
import { encode } from '../outgoing.ts';

/**
 * The offer made to a joiner refused a rated seat because its host is at the same address (RATED_SAME_ADDRESS, or a
 * club's limit of the day): the same match, unrated. The host was told at creation that this may happen
 * (`sameAddress` in the answer, and the new-match page), so it is not asked again: the rated match gives way to
 * an unrated copy — same game, options and clock, the host in its seat, the joiner in the seat asked for — and
 * the host's table moves there (a `rematch` message with its new token, as for an agreed rematch, marked `unrated`
 * so that the table says why; the seat is its account's too, so any device of it finds the match). Only while the
 * host is the one person seated, and only for an account at the host's address: a stranger cannot turn someone's
 * rated match into a casual one.
 */
export async function playUnrated(
  deps: { service: MatchService; guard: Guard; accounts: AccountStore },
  me: Me,
  address: string,
  id: string,
  seat: number | undefined,
): Promise<Result<JoinAnswer & { from: string }>> {
  const { service, guard, accounts } = deps;
  const refused = { code: 'NO_UNRATED_OFFER' } as const;
  const summary = await service.summary(id);
  if (!summary) return err({ code: 'NO_SUCH_MATCH', match: id });
  if (!summary.rated || summary.status !== 'open') return err(refused);
  const holders = (await accounts.matchSeats(id)).filter((h) => summary.seats[h.seat]?.kind === 'human');
  const hosts = new Set(holders.map((h) => h.accountId));
  const taken = summary.seats.filter((s) => s.kind === 'human').length;
  if (hosts.size !== 1 || hosts.has(me.id) || taken !== holders.length) return err(refused);
  const parties = await guard.partiesOf(id);
  if (!parties.addresses.includes(address)) return err(refused);
  const host = holders[0]!.accountId;
  const want = seat ?? summary.seats.find((s) => s.kind === 'open')?.seat;
  if (want === undefined || summary.seats[want]?.kind !== 'open')
    return err({ code: 'NO_SUCH_SEAT', seat: want ?? -1, seats: summary.seats.length });
  const body: CreateMatchRequest = {
    game: summary.game,
    options: { ...summary.options },
    ...(summary.clock ? { clock: summary.clock } : {}),
    seats: summary.seats.map((s) =>
      s.kind === 'human' ? { kind: 'human' as const, ...(s.name ? { name: s.name } : {}) } : { kind: 'open' as const },
    ),
  };
  const created = await service.create(body, joinParties(parties, { addresses: [address], accounts: [me.id] }));
  if (!created.ok) return created;
  const next = created.value.match.id;
  for (const t of created.value.tokens) await accounts.addSeat(host, next, t.seat, Date.now());
  // The joiner's place at the new match (one account, one seat) was recorded with it, as its creator's is.
  const joined = await service.join(next, { seat: want, name: me.name });
  if (!joined.ok) return joined;
  await accounts.addSeat(me.id, next, joined.value.seat, Date.now());
  // The host's table follows, then the rated match is called off (its one person left it before the start).
  const live = await service.get(id);
  for (const t of created.value.tokens) {
    if (live) {
      const msg: RematchMessage = {
        t: 'rematch',
        match: id,
        next,
        seat: t.seat,
        token: t.token,
        unrated: 'same-address',
      };
      const text = encode(msg);
      // Here and on every other process (`tell` reaches the others' connections).
      for (const l of live.listeners) if (l.seat === t.seat) l.send(text);
      service.tell(live, text, { seat: t.seat });
    }
    const token = await service.reissue(id, t.seat);
    if (token.ok) await service.leave(id, token.value.token);
    await accounts.removeSeat(host, id, t.seat);
  }
  await guard.unseat(id, host);
  return ok({ ...joined.value, from: id });
}
