import type { Seat } from '@roundtable/core';
import type { Step } from '../session/narration.ts';

interface ReplayView {
  readonly view?: unknown;
  readonly last?: { readonly seat: Seat; readonly move: string } | null;
}

/**
 * The steps of a finished online match told again from its replay: the view after each ply, as the server
 * gives it to this screen (`/api/matches/:id/replay-views`, a range of plies a request, with the seat's token for
 * its own hand), and the move when the server may say it (games without secrets, or this seat's own moves). A
 * card game does not publish its record, so a screen that opens the match after it ended (a reload, a link)
 * tells the log from these; each step is one ply, so the replay can highlight the entry of the step it shows.
 * Null when a view cannot be had.
 */
export async function stepsFromReplay(
  matchId: string,
  plies: number,
  token: string | null,
  lang: string,
): Promise<Step[] | null> {
  if (!Number.isInteger(plies) || plies < 0) return null;
  const views: (ReplayView | null)[] = new Array<ReplayView | null>(plies + 1).fill(null);
  // The server answers as many views as it gives in one request (cut at its limit): ask again from there.
  for (let from = 0; from <= plies;) {
    const res = await fetch(
      `/api/matches/${encodeURIComponent(matchId)}/replay-views?from=${from}&to=${plies}&lang=${lang}`,
      { headers: token ? { authorization: `Bearer ${token}` } : {} },
    );
    if (!res.ok) return null;
    const data = (await res.json()) as { views?: ({ ply?: unknown } & ReplayView)[] };
    if (!Array.isArray(data.views) || data.views.length === 0) return null;
    for (const v of data.views) {
      if (from > plies || typeof v.ply !== 'number' || v.ply !== from || !('view' in v)) return null;
      views[from++] = v;
    }
  }
  if (views.some((v) => v === null)) return null;
  const steps: Step[] = [];
  let before: unknown = null;
  views.forEach((v, ply) => {
    const after = (v as ReplayView).view;
    const last = ply > 0 ? ((v as ReplayView).last ?? null) : null;
    // Whose turn it was is public (the view before says who was to move), even when the move itself is not.
    const toMove = (before as { toMove?: readonly Seat[] } | null)?.toMove;
    const seat = last?.seat ?? (ply > 0 && toMove?.length === 1 ? (toMove[0] as Seat) : null);
    steps.push({ before, after, move: last ? { seat: last.seat, notation: last.move } : null, seat });
    before = after;
  });
  return steps;
}
