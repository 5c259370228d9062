// The socket's fast path for move messages (socket.ts `fastMove`) must read exactly what the full path (JSON.parse,
// then the ClientMessage schema) reads, and never accept what the full path refuses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClientMessage, LIMITS } from '@roundtable/protocol';
import { fastMove } from '../src/socket.ts';

function fullPath(text: string): unknown {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = ClientMessage.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Move messages as clients write them, with ids and moves near every edge the fast path draws. */
const id = fc.oneof(fc.nat(), fc.constantFrom(0, 7, Number.MAX_SAFE_INTEGER, 10 ** 15, 10 ** 14 - 1));
const idText = fc.oneof(
  id.map(String),
  fc.constantFrom('007', '-1', '1.5', '1e3', '"1"', '9007199254740993', '999999999999999'),
);
const move = fc.oneof(
  fc.constantFrom(
    'F6-F7',
    'e2e4',
    'A1xB2',
    'x',
    '',
    'a'.repeat(LIMITS.maxMoveLength),
    'a'.repeat(LIMITS.maxMoveLength + 1),
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);
const text = fc.oneof(
  fc.tuple(idText, move).map(([i, m]) => `{"t":"move","id":${i},"move":${JSON.stringify(m)}}`),
  fc.tuple(idText, move).map(([i, m]) => `{"t":"move","id":${i},"move":"${m}"}`),
  fc.tuple(idText, move).map(([i, m]) => `{"t":"move","move":"${m}","id":${i}}`),
  fc.tuple(idText, move).map(([i, m]) => `{"t":"move", "id":${i},"move":"${m}"}`),
  fc.tuple(idText, move).map(([i, m]) => `{"t":"move","id":${i},"move":"${m}","extra":1}`),
  fc.tuple(idText, move).map(([i, m]) => `{"t":"move","id":${i},"move":"${m}"}x`),
);

describe('the fast path of move messages', () => {
  it('reads every message it takes as the full path does, and takes nothing the full path refuses', () => {
    fc.assert(
      fc.property(text, (t) => {
        const fast = fastMove(t);
        if (fast !== null) expect(fast).toEqual(fullPath(t));
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the messages clients send', () => {
    expect(fastMove('{"t":"move","id":12,"move":"F6-F7"}')).toEqual({ t: 'move', id: 12, move: 'F6-F7' });
    expect(fastMove('{"t":"move","id":0,"move":"A1xB2xC3"}')).toEqual({ t: 'move', id: 0, move: 'A1xB2xC3' });
    // Leading zeros are not JSON: the full path refuses them, so must the fast one.
    expect(fastMove('{"t":"move","id":007,"move":"F6-F7"}')).toBeNull();
    expect(fastMove('{"t":"move","id":1,"move":"F6\\"-F7"}')).toBeNull();
  });
});
