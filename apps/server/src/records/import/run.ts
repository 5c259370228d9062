import { err, ok, type AnyGame, type Outcome, type Result } from '@roundtable/core';
import type { RecordFormat } from '@roundtable/protocol';
import type { MatchService } from '../../match-service.ts';
import { readImportFile } from './read.ts';

/** What an import did: the format read, and each stored match with the line its game starts on. */
export interface ImportReport {
  readonly file: string;
  readonly format: RecordFormat;
  readonly imported: number;
  readonly matches: readonly { readonly id: string; readonly line: number; readonly outcome: Outcome | null }[];
  /** Annotators' comments left out because the file did not allow copying them. */
  readonly droppedComments: number;
}

/**
 * Reads a whole file, checks every game in it (replayed, result compared), then stores each through the server's
 * one import path (MatchService.import: status `archived`, `settings.source`). A bad file stores nothing.
 */
export async function importFile(
  text: string,
  file: string,
  service: MatchService,
  games: (id: string) => AnyGame | undefined,
): Promise<Result<ImportReport>> {
  const reading = readImportFile(text, games);
  if (!reading.ok) return err({ code: 'BAD_IMPORT_FILE', file, ...reading.fault });
  const matches: { id: string; line: number; outcome: Outcome | null }[] = [];
  for (const g of reading.games) {
    const stored = await service.import(g.request, null);
    if (!stored.ok)
      return err({ code: 'BAD_IMPORT_FILE', file, line: g.line, reason: stored.error.code, stored: matches.length });
    matches.push({ id: stored.value.id, line: g.line, outcome: stored.value.outcome });
  }
  return ok({
    file,
    format: reading.format,
    imported: matches.length,
    matches,
    droppedComments: reading.games.reduce((n, g) => n + g.droppedComments, 0),
  });
}
