/** The web reads the server's messages through the protocol's types: what is not one of them is dropped. */
import { describe, expect, it } from 'vitest';
import { readIncoming } from '../src/session/online.ts';

describe('the WebSocket edge of the online session', () => {
  it('keeps the protocol’s server messages and drops anything else', () => {
    expect(readIncoming('{"t":"legal","id":3,"moves":["A1-A2"]}')).toEqual({ t: 'legal', id: 3, moves: ['A1-A2'] });
    expect(readIncoming('{"t":"muted","on":true}')).toEqual({ t: 'muted', on: true });
    for (const bad of ['not json', '[]', 'null', '42', '{"t":"drop-table"}', '{"t":7}', '{}'])
      expect(readIncoming(bad), bad).toBeNull();
  });
});
