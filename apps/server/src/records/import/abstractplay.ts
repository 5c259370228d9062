import { z } from 'zod';
import type { ImportRequest, RecordSource } from '@roundtable/protocol';
import { fault, lineAt, MAX_FILE_GAMES, type FileReading, type ReadGame } from './fault.ts';

/**
 * AbstractPlay's published game records of Camelot (`APGameRecord`, AbstractPlay/recranks
 * src/schemas/gamerecord.json): `header` (game name and variants, site and its game id, dates, players in seating
 * order with a `result` each, higher is better) and `moves`, rounds of one move per player in seating order.
 * AbstractPlay writes Camelot moves in lower case with `-` for a plain step, `^` for a canter and `x` for a jump
 * (`e6^e8`, `c6^e6^g6^g8xe10`): read here as WCF notation (`E6-E8`). One record, or a list of them.
 */
const Player = z.looseObject({
  name: z.string().max(200),
  result: z.number().finite(),
});

const Move = z.union([z.null(), z.string().max(2000), z.looseObject({ move: z.string().max(2000) })]);

const Record = z.looseObject({
  header: z.looseObject({
    game: z.looseObject({ name: z.string().max(200), variants: z.array(z.string().max(100)).max(20).optional() }),
    event: z.string().max(200).optional(),
    round: z.string().max(200).optional(),
    site: z.looseObject({ name: z.string().max(200), gameid: z.union([z.string().max(200), z.number()]).optional() }),
    'date-start': z.string().max(100).optional(),
    'date-end': z.string().max(100),
    players: z.array(Player).min(1).max(8),
  }),
  moves: z.array(z.array(Move).max(8)).max(20_000),
});

/** Entries that end a game without being a move on the board. */
const ENDINGS: Readonly<Record<string, string>> = { resign: 'resignation', resigns: 'resignation', timeout: 'timeout' };

/** Variants of AbstractPlay's Camelot we play (its `cam`), by the option they map to. */
const VARIANTS: Readonly<Record<string, string>> = { cam: 'cam' };

export function readAbstractPlay(text: string): FileReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const m = /position (\d+)/.exec((e as Error).message);
    const line = m ? lineAt(text, Number(m[1])) : 1;
    return fault(line, `not JSON: ${(e as Error).message}`, `pas du JSON : ${(e as Error).message}`);
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (list.length === 0) return fault(1, 'the file holds no game', 'le fichier ne contient aucune partie');
  if (list.length > MAX_FILE_GAMES)
    return fault(
      1,
      `a file holds at most ${MAX_FILE_GAMES} games`,
      `un fichier contient au plus ${MAX_FILE_GAMES} parties`,
    );
  const games: ReadGame[] = [];
  // Where each record starts, to give a refusal its line: the n-th `"header"` of the text.
  const starts = [...text.matchAll(/"header"\s*:/g)].map((m) => lineAt(text, m.index));
  for (let i = 0; i < list.length; i++) {
    const line = starts[i] ?? 1;
    const checked = Record.safeParse(list[i]);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const where = issue.path.join('.');
      return fault(
        line,
        `record ${i + 1}: ${where || 'the record'}: ${issue.message}`,
        `enregistrement ${i + 1} : ${where || 'l’enregistrement'} : ${issue.message}`,
      );
    }
    const read = toRequest(checked.data, text, line);
    if (!read.ok) return read;
    games.push({ line, request: read.request, droppedComments: 0 });
  }
  return { ok: true, format: 'abstractplay', games };
}

function toRequest(
  r: z.infer<typeof Record>,
  text: string,
  line: number,
): { ok: true; request: ImportRequest } | ReturnType<typeof fault> {
  const h = r.header;
  if (h.game.name.trim().toLowerCase() !== 'camelot')
    return fault(
      line,
      `the record is of "${h.game.name}", not Camelot (only AbstractPlay's Camelot records are read)`,
      `l’enregistrement est de « ${h.game.name} », pas de Camelot (seuls ceux de Camelot sont lus)`,
    );
  const variants = (h.game.variants ?? []).map((v) => v.toLowerCase());
  const unknown = variants.find((v) => !VARIANTS[v]);
  if (unknown !== undefined)
    return fault(
      line,
      `AbstractPlay's variant "${unknown}" is not played here (Camelot, or its variant cam)`,
      `la variante « ${unknown} » d’AbstractPlay n’est pas jouée ici (Camelot, ou sa variante cam)`,
    );
  if (h.players.length !== 2) return fault(line, 'Camelot has two players', 'Camelot se joue à deux');
  const moves: { seat: number; move: string }[] = [];
  let ending: string | undefined;
  for (const round of r.moves) {
    for (let seat = 0; seat < round.length; seat++) {
      const entry = round[seat];
      if (entry === null || entry === undefined) continue;
      const raw = (typeof entry === 'string' ? entry : entry.move).trim();
      const end = ENDINGS[raw.toLowerCase()];
      if (ending !== undefined)
        return fault(
          moveLine(text, raw, line),
          `a move (${raw}) after the game ended (${ending})`,
          `un coup (${raw}) après la fin de la partie (${ending})`,
        );
      if (end !== undefined) {
        ending = end;
        continue;
      }
      if (!/^[a-l]\d{1,2}([-^x][a-l]\d{1,2})+$/i.test(raw))
        return fault(
          moveLine(text, raw, line),
          `"${raw}" is not a Camelot move in AbstractPlay's notation (e6-e5, e6^e8, e8xc10)`,
          `« ${raw} » n’est pas un coup de Camelot dans la notation d’AbstractPlay (e6-e5, e6^e8, e8xc10)`,
        );
      moves.push({ seat, move: raw.replace(/\^/g, '-').toUpperCase() });
    }
  }
  if (moves.length === 0) return fault(line, 'the game has no moves', 'la partie n’a aucun coup');
  const results = h.players.map((p) => p.result);
  const best = Math.max(...results);
  const draw = results.every((x) => x === best);
  const winners = draw ? [] : results.flatMap((x, seat) => (x === best ? [seat] : []));
  const source: RecordSource = {
    origin: 'import',
    format: 'abstractplay',
    ...(h.event ? { event: h.event.slice(0, 200) } : {}),
    ...(h.round ? { round: h.round.slice(0, 200) } : {}),
    site: h.site.name.slice(0, 200) || 'Abstract Play',
    ...(h.site.gameid !== undefined ? { sourceId: String(h.site.gameid).slice(0, 200) } : {}),
    date: h['date-end'].slice(0, 200),
    result: results.join('-'),
    players: h.players.map((p) => p.name.slice(0, 40)),
  };
  return {
    ok: true,
    request: {
      game: 'camelot',
      players: 2,
      options: { variant: VARIANTS[variants[0] ?? ''] ?? 'camelot', ends: 'wcf' },
      seed: 1,
      moves,
      source,
      outcome: { winners, draw, reason: ending ?? (draw ? 'agreement' : 'resignation') },
    },
  };
}

/** The line of a move's text in the file, searched from the record's first line (else that line). */
function moveLine(text: string, move: string, from: number): number {
  let at = 0;
  for (let l = 1; l < from; l++) at = text.indexOf('\n', at) + 1;
  const found = text.indexOf(JSON.stringify(move), at);
  return found >= 0 ? lineAt(text, found) : from;
}
