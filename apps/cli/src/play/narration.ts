import type { Lang, LogEntry, Match, Seat, Viewer } from '@roundtable/core';

/** The views a step is told from: the spectator's, and each human seat's (for what only that seat may read). */
export interface Snapshot {
  readonly spectator: unknown;
  readonly seats: ReadonlyMap<Seat, unknown>;
}

/** What one move is told as: lines every seat at the screen may read, and lines for one seat's eyes only. */
export interface Told {
  readonly shared: readonly string[];
  readonly mine: ReadonlyMap<Seat, readonly string[]>;
}

/**
 * The move log of the terminal, in words (the games' narrators). At one screen with secrets, what is printed for
 * all is the spectator's narration: it can only say what every seat may know ("Sir Kay has answered", "Knight 0
 * takes a random card from Knight 1's hand"). A seat's own details (the card it drew, the one it was given) come
 * from its own narration's private entries and are printed only while its view is on the screen.
 * A game without a narrator falls back to the move's notation, for a game of perfect information only.
 */
export class MoveLog {
  private group: string | null = null;

  constructor(
    private readonly match: Match,
    private readonly humans: readonly Seat[],
    private readonly lang: Lang,
    private readonly fallback: (seat: Seat, notation: string) => string,
  ) {}

  /** The views before a move, to narrate it once played. */
  snapshot(): Snapshot {
    const { game, state } = this.match;
    return {
      spectator: game.view(state, 'spectator' as Viewer),
      seats: new Map(this.humans.map((h) => [h, game.view(state, h)])),
    };
  }

  /** How the match begins (who starts), before any move. A seat's hand and loyalty are on its board already. */
  opening(): Told {
    const { game, state, players } = this.match;
    if (!game.narrate || this.match.ply > 0) return { shared: [], mine: new Map() };
    const input = {
      viewer: 'spectator' as Viewer,
      lang: this.lang,
      players,
      name: (s: Seat) => game.seatName(s, players, this.lang),
      move: null,
    };
    return this.told(game.narrate(null, game.view(state, 'spectator' as Viewer), input), () => []);
  }

  /** The move `seat` just played (`notation`), told from `before`. */
  tell(before: Snapshot, seat: Seat, notation: string): Told {
    const { game, state, players } = this.match;
    if (!game.narrate) {
      const line = game.perfectInformation ? this.fallback(seat, notation) : this.fallback(seat, '…');
      return { shared: [line], mine: new Map() };
    }
    const narrate = game.narrate;
    const input = (viewer: Viewer) => ({
      viewer,
      lang: this.lang,
      players,
      name: (s: Seat) => game.seatName(s, players, this.lang),
      // The notation only where the viewer may know it: every move in a game of perfect information, else its own.
      move: game.perfectInformation || viewer === seat ? { seat, notation } : null,
    });
    return this.told(narrate(before.spectator, game.view(state, 'spectator' as Viewer), input('spectator')), (h) =>
      narrate(before.seats.get(h) ?? null, game.view(state, h), input(h)),
    );
  }

  /** The spectator's entries for all, under their headings; each human's private entries for its eyes. */
  private told(entries: readonly LogEntry[], own: (seat: Seat) => readonly LogEntry[]): Told {
    const shared: string[] = [];
    for (const e of entries) {
      if (e.group !== this.group) {
        this.group = e.group;
        shared.push(`— ${e.group} —`);
      }
      shared.push(e.text);
    }
    const mine = new Map<Seat, string[]>();
    for (const h of this.humans) {
      const lines = own(h)
        .filter((e) => e.private)
        .map((e) => e.text);
      if (lines.length > 0) mine.set(h, lines);
    }
    return { shared, mine };
  }

  /** After an undo the next heading is printed again. */
  reset(): void {
    this.group = null;
  }
}
