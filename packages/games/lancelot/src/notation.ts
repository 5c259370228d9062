import { err, ok, type GameError, type Result } from '@roundtable/core';
import { lookupSquare, type Field } from './geometry.ts';
import type { LancelotMove } from './state.ts';

/**
 * Move notation (NOTATION.md): `K4` a knight; `E:G6` Excalibur (initial placement, or an invocation before the
 * knight); `G8 E:?` a knight announcing an invocation after it; `pass`. A whole invocation turn may be typed at
 * once: `E:G6 G8` or `G8 E:G6`. Input is case-insensitive; `passe` is accepted for `pass`.
 */
export function parseMoveText(field: Field, text: string): Result<LancelotMove> {
  const bad = (reason: string, reasonFr: string): { ok: false; error: GameError } =>
    err({ code: 'BAD_NOTATION', text, reason, reasonFr });
  const tokens = text
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '');
  if (tokens.length === 0) return bad('empty move', 'coup vide');
  if (tokens.length > 2)
    return bad(
      'at most two parts (an invocation and a knight)',
      'au plus deux parties (une invocation et un chevalier)',
    );
  const lower = tokens.map((t) => t.toLowerCase());
  if (tokens.length === 1 && (lower[0] === 'pass' || lower[0] === 'passe')) return ok({ kind: 'pass' });

  type Part = { sword: boolean; square: string | null };
  const parts: Part[] = [];
  for (const token of tokens) {
    const sword = /^e:/i.test(token);
    const body = sword ? token.slice(2) : token;
    if (sword && body === '?') {
      parts.push({ sword, square: null });
      continue;
    }
    const found = lookupSquare(field, body);
    if (found.kind === 'not-a-square') {
      return bad(
        `"${token}" is neither a square (K4), Excalibur (E:G6) nor pass`,
        `« ${token} » n'est ni une case (K4), ni Excalibur (E:G6), ni pass`,
      );
    }
    if (found.kind === 'off-field')
      return err({ code: 'OFF_FIELD', square: found.square, field: `${field.corners[0]}-${field.corners[1]}` });
    parts.push({ sword, square: field.names[found.cell] as string });
  }
  const [a, b] = parts as [Part, Part | undefined];
  if (!b) {
    if (a.square === null) return bad('"E:?" follows a knight: "G8 E:?"', '« E:? » suit un chevalier : « G8 E:? »');
    return ok(a.sword ? { kind: 'sword', square: a.square } : { kind: 'place', square: a.square });
  }
  if (a.sword === b.sword)
    return bad(
      'a two-part move is one knight and Excalibur',
      "un coup en deux parties, c'est un chevalier et Excalibur",
    );
  if (a.square === null) return bad('"E:?" comes after the knight', '« E:? » vient après le chevalier');
  if (!a.sword) {
    const knight: LancelotMove = { kind: 'place', square: a.square, thenSword: true };
    if (b.square === null) return ok(knight);
    return ok({ kind: 'turn', steps: [knight, { kind: 'sword', square: b.square }] });
  }
  if (b.square === null) return bad('"E:?" comes after the knight', '« E:? » vient après le chevalier');
  return ok({
    kind: 'turn',
    steps: [
      { kind: 'sword', square: a.square },
      { kind: 'place', square: b.square },
    ],
  });
}
