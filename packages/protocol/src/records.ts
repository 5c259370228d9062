/**
 * Records brought from outside (issue 37): where an imported match came from, and the result its file claims.
 * An imported match is stored as a match like any other (status `archived`), with this marker in its settings
 * (`settings.source`), so the game database and the opening explorer can tell master games from the site's own.
 */
import { z } from 'zod';
import { LIMITS } from './limits.ts';

const tag = z.string().trim().min(1).max(200);

/**
 * The formats an import reads: `wcf`, a Camelot score in WCF notation with PGN-like tags; `abstractplay`, an
 * AbstractPlay game record (JSON, `APGameRecord`); `roundtable`, a line of our own export (a re-import).
 */
export const RECORD_FORMATS = ['wcf', 'abstractplay', 'roundtable'] as const;
export type RecordFormat = (typeof RECORD_FORMATS)[number];

/**
 * The marker of an imported match (`MatchRow.settings.source`): always `origin: 'import'`, the format it was read
 * from and the file's tags. `players` are the names the file gives, by seat (also the seats' names); `date` as
 * written (`1931.??.??` or `2024-10-12`); `result` as written (`1-0`, `1/2-1/2`). `comments` are the annotator's
 * comments on the main line (`ply`: after that many moves, 0 before the first), kept only when the file allowed
 * it (`commentsLicence`); `sourceId` the match's id where it came from (AbstractPlay's game id, our match id).
 */
export const RecordSource = z
  .object({
    origin: z.literal('import'),
    format: z.enum(RECORD_FORMATS),
    event: tag.optional(),
    site: tag.optional(),
    round: tag.optional(),
    date: tag.optional(),
    result: tag.optional(),
    players: z.array(z.string().trim().max(LIMITS.maxNameLength)).max(LIMITS.maxSeats).optional(),
    sourceId: tag.optional(),
    annotator: tag.optional(),
    commentsLicence: tag.optional(),
    comments: z
      .array(z.object({ ply: z.number().int().min(0).max(100_000), text: z.string().trim().min(1).max(4000) }).strict())
      .max(2000)
      .optional(),
  })
  .strict();
export type RecordSource = z.infer<typeof RecordSource>;

/**
 * The result a record claims, checked against its replay on import: when the moves end the game, the claimed
 * winners and draw must be the game's (OUTCOME_MISMATCH); when they do not (a resignation, an agreed draw, a
 * time-out), the claimed outcome is kept as the match's.
 */
export const RecordOutcome = z
  .object({
    winners: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(LIMITS.maxSeats - 1),
      )
      .max(LIMITS.maxSeats),
    draw: z.boolean(),
    reason: z.string().min(1).max(60),
    scores: z.array(z.number().finite()).max(LIMITS.maxSeats).optional(),
  })
  .strict();
export type RecordOutcome = z.infer<typeof RecordOutcome>;
