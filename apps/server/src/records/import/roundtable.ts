import { z } from 'zod';
import type { ImportRequest } from '@roundtable/protocol';
import { ImportRequest as ImportSchema, RecordOutcome } from '@roundtable/protocol';
import { RECORD_FORMAT } from '../format.ts';
import { fault, MAX_FILE_GAMES, type FileReading, type ReadGame } from './fault.ts';

/** A line of our own export (FORMAT.md), re-imported: its record, outcome and players, marked as a re-import. */
const Line = z.looseObject({
  format: z.literal(RECORD_FORMAT),
  version: z.literal(1),
  id: z.string().min(1).max(64),
  createdAt: z.string().max(40),
  outcome: RecordOutcome.nullable(),
  seats: z.array(z.looseObject({ seat: z.number().int(), name: z.string().max(40).nullable() })).max(8),
});

export function readRoundTable(text: string): FileReading {
  const games: ReadGame[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] as string).trim();
    if (raw === '') continue;
    if (games.length >= MAX_FILE_GAMES)
      return fault(
        i + 1,
        `a file holds at most ${MAX_FILE_GAMES} games`,
        `un fichier contient au plus ${MAX_FILE_GAMES} parties`,
      );
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      return fault(i + 1, `not JSON: ${(e as Error).message}`, `pas du JSON : ${(e as Error).message}`);
    }
    const line = Line.safeParse(value);
    if (!line.success) return issue(i + 1, line.error);
    const { game, players, options, seed, commitment, position, moves } = value as Record<string, unknown>;
    const request = ImportSchema.safeParse({
      game,
      players,
      options,
      seed,
      commitment,
      ...(position !== undefined ? { position } : {}),
      moves,
      source: {
        origin: 'import',
        format: 'roundtable',
        sourceId: line.data.id,
        date: line.data.createdAt,
        players: Array.from({ length: Number(players) || 0 }, (_, s) =>
          (line.data.seats.find((x) => x.seat === s)?.name ?? '').slice(0, 40),
        ),
      },
      ...(line.data.outcome ? { outcome: line.data.outcome } : {}),
    });
    if (!request.success) return issue(i + 1, request.error);
    games.push({ line: i + 1, request: request.data as ImportRequest, droppedComments: 0 });
  }
  if (games.length === 0) return fault(1, 'the file holds no game', 'le fichier ne contient aucune partie');
  return { ok: true, format: 'roundtable', games };
}

function issue(line: number, error: z.ZodError): ReturnType<typeof fault> {
  const first = error.issues[0]!;
  const where = first.path.join('.') || 'the line';
  return fault(line, `${where}: ${first.message}`, `${where} : ${first.message}`);
}
