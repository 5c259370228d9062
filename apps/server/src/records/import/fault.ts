import type { ImportRequest, RecordFormat } from '@roundtable/protocol';

/** Why a file is refused: the line (from 1) where the fault is, and the reason in English and French. */
export interface ImportFault {
  readonly line: number;
  readonly reason: string;
  readonly reasonFr: string;
}

/** One game read from a file: what the server's import takes, and the line it starts on (for a refusal). */
export interface ReadGame {
  readonly line: number;
  readonly request: ImportRequest;
  /** Annotators' comments the file did not allow us to keep (dropped). */
  readonly droppedComments: number;
}

/** What a reader makes of a whole file: every game in it, or the first fault (and nothing is imported). */
export type FileReading =
  | { readonly ok: true; readonly format: RecordFormat; readonly games: readonly ReadGame[] }
  | { readonly ok: false; readonly fault: ImportFault };

/** French typography: a non-breaking space before « : ; ! ? » and inside « ». */
export const french = (text: string): string => text.replace(/ ([:;!?»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');

export const fault = (line: number, reason: string, reasonFr: string): { ok: false; fault: ImportFault } => ({
  ok: false,
  fault: { line, reason, reasonFr: french(reasonFr) },
});

/** The line (from 1) of character `at` of `text`. */
export function lineAt(text: string, at: number): number {
  let line = 1;
  for (let i = 0; i < at && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** A file's size limit: past it a reader refuses at once (a hostile file cannot exhaust the server). */
export const MAX_FILE_CHARS = 16 * 1024 * 1024;
/** Games in one file. */
export const MAX_FILE_GAMES = 20_000;
