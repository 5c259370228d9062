/** Bounds shared by the server (which enforces them) and clients (which can check before sending). */
export const LIMITS = {
  /** Largest WebSocket message the server reads; a bigger one closes the connection (1009). */
  maxMessageBytes: 16 * 1024,
  /** Largest HTTP body (a match record to import is the biggest thing a client sends). */
  maxBodyBytes: 1024 * 1024,
  maxNameLength: 40,
  maxMoveLength: 200,
  /** A chat line, in characters. */
  maxChatLength: 500,
  maxSeats: 8,
  /** Per-move clock bounds, in seconds. */
  minMoveSeconds: 1,
  maxMoveSeconds: 30 * 24 * 3600,
} as const;

/** WebSocket close codes the server uses (RFC 6455 ranges: 1008 policy, 1009 too big, 4000+ ours). */
export const CLOSE = {
  policy: 1008,
  tooBig: 1009,
  shutdown: 1001,
  rateLimited: 4029,
  /** Too many connections from one address (`--max-sockets-per-address`): an `error` TOO_MANY_CONNECTIONS comes first. */
  tooManyConnections: 4030,
} as const;
