/**
 * Which match a connection is for, from the first bytes the primary reads of it: the request line of its first
 * HTTP request. The primary hands the connection to that match's worker, so that its moves are played where the
 * match lives and nothing crosses processes. Only the first request counts: later ones on a kept-alive
 * connection, and a WebSocket attaching to another match, reach a worker that forwards what it does not own.
 */

/** The longest match id looked at: ids are short; anything longer is not one, and goes round-robin. */
const MAX_ID = 200;

/**
 * The request line in `head` (without its CRLF), '' when the first line is there but is not one, or null when
 * no full line has come yet.
 */
export function requestLine(head: Buffer): string | null {
  const end = head.indexOf(0x0a);
  if (end < 0) return null;
  const line = head.toString('latin1', 0, end).replace(/\r$/, '');
  return /^[A-Z]{3,10} \S+ HTTP\/\d\.\d$/.test(line) ? line : '';
}

/**
 * The match a request line names: `/api/matches/<id>…` (the HTTP routes of one match), else a `match` query
 * parameter on any path (`/ws?match=<id>`, as the web client and the bench connect); null when it names none or
 * cannot be read (the connection then goes round-robin: every worker serves every request).
 */
export function matchOf(line: string): string | null {
  const target = line.split(' ')[1];
  if (target === undefined) return null;
  let url: URL;
  try {
    // An origin-form target ("/ws?…") or an absolute one ("http://host/ws?…", through some proxies).
    url = new URL(target, 'http://primary.invalid');
  } catch {
    return null;
  }
  const segment = /^\/api\/matches\/([^/]+)/.exec(url.pathname)?.[1];
  let id: string | null;
  if (segment !== undefined) {
    try {
      id = decodeURIComponent(segment);
    } catch {
      return null;
    }
  } else id = url.searchParams.get('match');
  return id !== null && id.length > 0 && id.length <= MAX_ID ? id : null;
}
