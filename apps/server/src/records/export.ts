import type { AnyGame } from '@roundtable/core';
import { exportLine, exportText, publishable, type ExportLine } from './format.ts';
import type { ExportCandidate, RecordsStore } from './store.ts';

/** Matches read per query: memory holds one page at a time, whatever the number of matches exported. */
export const EXPORT_PAGE = 200;

export type ExportFormat = 'jsonl' | 'text';

export interface ExportFilter {
  readonly game?: string;
  readonly account?: string;
  readonly rated?: boolean;
  readonly from?: number;
  readonly to?: number;
}

/** Every publishable match the filter selects, page by page in (createdAt, id) order. */
export async function* exportLines(store: RecordsStore, filter: ExportFilter): AsyncGenerator<ExportLine[]> {
  let after: { at: number; id: string } | undefined;
  for (;;) {
    const page = await store.candidates({
      ...(filter.game !== undefined ? { game: filter.game } : {}),
      ...(filter.account !== undefined ? { account: filter.account } : {}),
      ...(filter.from !== undefined ? { from: filter.from } : {}),
      ...(filter.to !== undefined ? { to: filter.to } : {}),
      ...(after ? { after } : {}),
      limit: EXPORT_PAGE,
    });
    if (page.length === 0) return;
    const last = page[page.length - 1]!;
    after = { at: last.createdAt, id: last.id };
    yield chosen(page, filter);
    if (page.length < EXPORT_PAGE) return;
  }
}

/** The publishable matches of `game` that ended in [from, to) (record_ends), page by page in id order. */
export async function* dayLines(
  store: RecordsStore,
  game: string,
  from: number,
  to: number,
): AsyncGenerator<ExportLine[]> {
  let after = '';
  for (;;) {
    const ids = await store.endedBetween(game, from, to, after, EXPORT_PAGE);
    if (ids.length === 0) return;
    after = ids[ids.length - 1]!;
    yield chosen(await store.byIds(ids), {});
    if (ids.length < EXPORT_PAGE) return;
  }
}

function chosen(page: readonly ExportCandidate[], filter: ExportFilter): ExportLine[] {
  return page
    .filter((c) => publishable(c) && (filter.rated === undefined || (c.settings.rated === true) === filter.rated))
    .map(exportLine);
}

/** The text of a page of lines: one JSON object a line, or record texts separated by a blank line. */
export function pageText(
  lines: readonly ExportLine[],
  format: ExportFormat,
  games: (id: string) => AnyGame | undefined,
): string {
  if (format === 'jsonl') return lines.map((l) => `${JSON.stringify(l)}\n`).join('');
  return lines
    .map((l) => {
      const game = games(l.game);
      return game ? `${exportText(game, l)}\n\n` : '';
    })
    .join('');
}

/** The whole export as text chunks (one per page), for a streamed answer or a file. */
export async function* exportChunks(
  pages: AsyncGenerator<ExportLine[]>,
  format: ExportFormat,
  games: (id: string) => AnyGame | undefined,
  counted?: { lines: number },
): AsyncGenerator<string> {
  for await (const lines of pages) {
    if (counted) counted.lines += lines.length;
    const text = pageText(lines, format, games);
    if (text !== '') yield text;
  }
}
