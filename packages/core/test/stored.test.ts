import { describe, expect, it } from 'vitest';
import { arr, bool, int, obj, readStored } from '../src/index.ts';

describe('Reading stored data', () => {
  const read = (data: unknown) =>
    readStored(() => {
      const o = obj(data, 'state');
      return { n: int(o.n, 'n', 0, 9), on: bool(o.on, 'on'), list: arr(o.list, 'list') };
    });

  it('returns the value when every field is right', () => {
    expect(read({ n: 3, on: true, list: [] })).toEqual({ ok: true, value: { n: 3, on: true, list: [] } });
  });

  it.each([
    [null, 'state must be an object'],
    [{ n: 10, on: true, list: [] }, 'n must be a whole number from 0 to 9'],
    [{ n: 1, on: 'yes', list: [] }, 'on must be true or false'],
    [{ n: 1, on: true, list: {} }, 'list must be a list'],
  ])('names the wrong field of %j as a BAD_STATE error', (data, reason) => {
    expect(read(data)).toEqual({ ok: false, error: { code: 'BAD_STATE', reason, reasonFr: reason } });
  });

  it('lets a real bug through', () => {
    expect(() =>
      readStored(() => {
        throw new TypeError('bug');
      }),
    ).toThrow(TypeError);
  });
});
