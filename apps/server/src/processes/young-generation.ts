/**
 * The size of V8's young generation for a server process. A match's state, its views and its texts live until the
 * next move (about 100 ms at 10,000 moves/s over 1,000 matches): with V8's default semi-space (16 MB, a scavenge
 * every ~50 ms under that load) most of them outlive a scavenge, are copied twice and promoted, and die in the
 * old generation, where only a mark-compact frees them. With 64 MB they die young. Measured in PERFORMANCE.md
 * ("Sixth pass"): 8–10 % more moves per second and 12–15 µs less CPU per move, for up to ~64 MB more memory per
 * process under load.
 *
 * V8 reads it only as the process starts (`v8.setFlagsFromString` later has no effect), so it is a flag of the
 * `node` that runs the server: `npm start` and the primary of `serve --processes N` pass it; whoever starts the
 * server by hand can (README, "Running the server").
 */
export const YOUNG_GENERATION_FLAG = '--max-semi-space-size=64';

/** `execArgv` with the young generation's flag added, unless the operator set the semi-space already. */
export function withYoungGeneration(
  execArgv: readonly string[],
  nodeOptions: string | undefined = process.env.NODE_OPTIONS,
): string[] {
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)].some((a) =>
    /^--max[-_]semi[-_]space[-_]size\b/.test(a),
  );
  return given ? [...execArgv] : [...execArgv, YOUNG_GENERATION_FLAG];
}
