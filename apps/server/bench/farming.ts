/**
 * What farming a rating costs under the limits of issue 25 (SECURITY.md, "Rating integrity"): a farmer signs up
 * puppet accounts and has each of them lose rated two-player matches to it, as many as the limits let through.
 * A rated match seats an address once, so the puppets play from `--addresses` other than the farmer's own.
 * Pure arithmetic on the server's own rating code (Glicko-2, accounts/ratings.ts), no server:
 *
 *   npx tsx apps/server/bench/farming.ts [--addresses 1] [--days 3] [--signups 5] [--per-pair 3] [--provisional 10]
 *     [--club-per-pair 2] [--club-per-account 4] [--club-per-day 16] [--founder-games 20]
 *
 * Prints, day by day, the farmer's rating and deviation, its rated games, and whether it is on the leaderboard
 * yet; then what the same number of addresses bought before the limits (unlimited puppets and results).
 *
 * Then the same farm with a club (issue 36, SECURITY.md "Clubs and households"): the farmer, an established account,
 * (`--founder-games` honest rated games, won half, before it may) founds a club and signs puppets up through its
 * code at its own address; the club vouches for rated games from one address, at most `--club-per-pair` per pair,
 * `--club-per-account` per account (the farmer's too) and `--club-per-day` in all a day. Its puppets are its wards
 * while provisional (their rated games count in the club's limits wherever they play), so they add nothing at the
 * other addresses until they have `--provisional` rated games: a club graduates at most 2 × club-per-day /
 * provisional puppets a day (puppets playing puppets), counted as sign-ups of the other addresses here.
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
const clubPerPair = flag('club-per-pair', DEFAULT_LIMITS.clubRatedPerPair);
const clubPerAccount = flag('club-per-account', DEFAULT_LIMITS.clubRatedPerAccount);
const clubPerDay = flag('club-per-day', DEFAULT_LIMITS.clubRatedPerDay);
const founderGames = flag('founder-games', DEFAULT_LIMITS.clubFounderGames);

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

/** A day of a club at the farmer's address: the farmer's vouched results (its account's day), fresh puppets. */
function clubDay(farmer: Rating): Rating {
  let f = farmer;
  let left = Math.min(clubPerAccount, clubPerDay);
  while (left > 0) {
    const results = Math.min(clubPerPair, left);
    f = farm(f, 1, results);
    left -= results;
  }
  return f;
}

/** The founder before its club: `founderGames` honest rated games against fresh players, won half. */
function established(): Rating {
  let f: Rating = INITIAL;
  for (let g = 0; g < founderGames; g++) f = rateTwoPlayers(f, INITIAL, g % 2 === 0 ? 1 : 0)[0];
  return f;
}

console.log(
  `\nWith a club (issue 36): rated results vouched for at one address, ${clubPerPair} per pair, ${clubPerAccount} per account, ${clubPerDay} per club a day; its puppets are its wards until ${provisional} rated games; its founder has ${founderGames} rated games first.`,
);
const founder = established();
console.log(`  The founder before the farm: ${show(founder)}; its address alone, before clubs, gained nothing more.`);
let alone = founder;
for (let day = 1; day <= days; day++) {
  alone = clubDay(alone);
  console.log(`  its address alone with its club, day ${day}: ${show(alone)}`);
}
// With the other addresses too: the old farm, the club's day on top, and the puppets the club graduates.
const graduated = (2 * clubPerDay) / provisional;
let both = founder;
let plain = founder;
let puppets = 0;
for (let day = 1; day <= days; day++) {
  puppets += signups * addresses + (day > 1 ? graduated : 0);
  both = clubDay(farm(both, Math.floor(puppets), perPair));
  plain = farm(plain, signups * addresses * day, perPair);
  console.log(
    `  ${addresses} other address(es), day ${day}: without a club ${show(plain)}; with it ${Math.floor(puppets)} puppets elsewhere, ${show(both)}`,
  );
}
