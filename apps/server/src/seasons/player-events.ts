import { err, ok, type Result } from '@roundtable/core';
import type { PlayerEventLine, PlayerEvents } from '@roundtable/protocol';
import { nameKey } from '../accounts/names.ts';
import type { AccountStore } from '../accounts/store.ts';
import type { EventService } from '../events/service.ts';
import type { EventPointsRow } from './ladder.ts';
import type { EventIndex } from './event-index.ts';

/** Events shown on a player's page. */
const PLAYER_EVENTS = 30;

/** A player's events with how they did in each, and the points a month's events gave (seasons). */
export class EventHistory {
  constructor(
    private readonly index: EventIndex,
    private readonly events: EventService,
    private readonly accounts: AccountStore,
  ) {}

  async ofPlayer(name: string): Promise<Result<PlayerEvents>> {
    const account = await this.accounts.accountByKey(nameKey(name.normalize('NFKC').trim()));
    if (!account) return err({ code: 'NO_SUCH_PLAYER', name: name.slice(0, 40) });
    const lines: PlayerEventLine[] = [];
    for (const id of await this.index.entered(account.id, PLAYER_EVENTS)) {
      const d = await this.events.detail(id, null);
      if (!d.ok) continue;
      const mine = d.value.standings.find((s) => s.entrant === account.id);
      lines.push({
        event: d.value.event,
        // Before the first round everyone is level: no rank yet.
        rank: mine && d.value.event.round > 0 ? mine.rank : null,
        points: mine?.points ?? 0,
        played: mine?.played ?? 0,
        entrants: d.value.standings.length,
        withdrawn: mine?.withdrawn ?? false,
        botReplaced: mine?.botReplaced ?? 0,
      });
    }
    return ok({ name: account.name, events: lines });
  }

  /** Every entrant's points in the finished events of `game` that ended in `[from, to)`. */
  async points(game: string, from: number, to: number): Promise<EventPointsRow[]> {
    const rows: EventPointsRow[] = [];
    for (const id of await this.index.finished(game, from, to)) {
      const d = await this.events.detail(id, null);
      if (!d.ok) continue;
      for (const s of d.value.standings)
        rows.push({ accountId: s.entrant, name: s.name, bot: s.bot, points: s.points, events: 1 });
    }
    return rows;
  }
}
