/**
 * Which of the `count` processes of `roundtable serve --processes <count>` (embedded SQLite) a match belongs to:
 * a hash of its id, so that the primary process routes a match's connections, and every worker finds a match's
 * owner, without asking anyone. A worker makes its matches with ids of its own shard (`idOfShard`).
 */
export function shardOf(id: string, count: number): number {
  if (count <= 1) return 0;
  // FNV-1a over the id's UTF-16 units: cheap, and ids are random already.
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % count;
}

/** An id from `make` that falls in `shard` of `count` (tries `count` ids on average). */
export function idOfShard(make: () => string, shard: number, count: number): string {
  for (;;) {
    const id = make();
    if (shardOf(id, count) === shard) return id;
  }
}

/** The name of the worker of `shard` in the cluster's messages (cluster/cluster.ts), fixed across its restarts. */
export function shardNode(shard: number): string {
  return `shard-${shard}`;
}
