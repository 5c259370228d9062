/**
 * What farming a rating costs under the limits of issue 25 (SECURITY.md, "Rating integrity"): a farmer signs up
 * puppet accounts and has each of them lose rated two-player matches to it, as many as the limits let through.
 * A rated match seats an address once, so the puppets play from `--addresses` other than the farmer's own.
 * Pure arithmetic on the server's own rating code (Glicko-2, accounts/ratings.ts), no server:
 *
 *   npx tsx apps/server/bench/farming.ts [--addresses 1] [--days 3] [--signups 5] [--per-pair 3] [--provisional 10]
 *
 * Prints, day by day, the farmer's rating and deviation, its rated games, and whether it is on the leaderboard
 * yet; then what the same number of addresses bought before the limits (unlimited puppets and results).
 */
import { INITIAL, rateTwoPlayers, type Rating } from '../src/accounts/ratings.ts';
import { DEFAULT_LIMITS } from '../src/config.ts';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const addresses = flag('addresses', 1);
const days = flag('days', 3);
const signups = flag('signups', DEFAULT_LIMITS.signupsPerAddress);
const perPair = flag('per-pair', DEFAULT_LIMITS.ratedPerPair);
const provisional = flag('provisional', DEFAULT_LIMITS.provisionalGames);

/** The farmer beats each puppet `results` times; every puppet is a fresh account. */
function farm(farmer: Rating, puppets: number, results: number): Rating {
  let f = farmer;
  for (let p = 0; p < puppets; p++) {
    let puppet: Rating = INITIAL;
    for (let r = 0; r < results; r++) [f, puppet] = rateTwoPlayers(f, puppet, 1);
  }
  return f;
}

const show = (r: Rating): string =>
  `${Math.round(r.rating)} ± ${Math.round(r.deviation)}, ${r.games} rated games, ${
    r.games >= provisional ? 'on the leaderboard' : `provisional (leaderboard at ${provisional})`
  }`;

console.log(
  `Farming with puppets at ${addresses} address(es) besides the farmer's: ${signups} sign-ups per address a day, ${perPair} rated results per pair a day.`,
);
let farmer: Rating = INITIAL;
for (let day = 1; day <= days; day++) {
  // Each day: the puppets signed up that day from every address, each losing its day's results; the puppets of
  // earlier days too (their pair's count starts again).
  farmer = farm(farmer, signups * addresses * day, perPair);
  console.log(`  day ${day}: ${signups * addresses * day} puppets, ${show(farmer)}`);
}
const before = farm(INITIAL, 1, 3);
console.log(`Before the limits, one puppet losing 3 rated matches in a row: ${show(before)} (in minutes).`);
const many = farm(INITIAL, 10, 3);
console.log(`Before the limits, 10 puppets losing 3 each (one address, one minute): ${show(many)}.`);
