/**
 * Why a write was refused, as the match service tells them apart: each has its own answer to the client and its
 * own way back (STORAGE: try again once the database is back; OWNER_CHANGED: another process runs the match now,
 * follow it; PLY_TAKEN: storage is ahead of this copy, read it again).
 */

/** The database (or the network to it) is down: nothing was written. */
export class StorageUnavailable extends Error {}

/** The writer no longer owns the match (another process took it over, or its lease ran out): nothing was written. */
export class Fenced extends Error {}

/** A move is already stored at this ply of this match (another writer was first): nothing was written. */
export class PlyTaken extends Error {}

/** The SQLSTATE `rt_fence` raises (migration 006). */
export const FENCED_SQLSTATE = 'RTF01';
