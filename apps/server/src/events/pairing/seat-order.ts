/**
 * Seat order at a table: every permutation of a small table tried, the cheapest kept (README.md, "Seats").
 * `cost(player, position)` is what sitting there costs that player; ties keep the earlier permutation in
 * lexicographic order, so the result depends on the input order only.
 */
export function bestSeating(
  players: readonly number[],
  cost: (player: number, position: number) => number,
): {
  order: number[];
  cost: number;
} {
  const k = players.length;
  if (k > 7) return greedySeating(players, cost);
  const perm = players.map((_, i) => i);
  let best: number[] = [...perm];
  let bestCost = Infinity;
  const used = new Uint8Array(k);
  const current: number[] = [];
  const walk = (pos: number, acc: number): void => {
    if (acc >= bestCost) return;
    if (pos === k) {
      bestCost = acc;
      best = [...current];
      return;
    }
    for (let i = 0; i < k; i++) {
      if (used[i]) continue;
      used[i] = 1;
      current.push(i);
      walk(pos + 1, acc + cost(players[i]!, pos));
      current.pop();
      used[i] = 0;
    }
  };
  walk(0, 0);
  return { order: best.map((i) => players[i]!), cost: bestCost };
}

function greedySeating(
  players: readonly number[],
  cost: (player: number, position: number) => number,
): {
  order: number[];
  cost: number;
} {
  const left = [...players];
  const order: number[] = [];
  let total = 0;
  for (let pos = 0; pos < players.length; pos++) {
    let bi = 0;
    for (let i = 1; i < left.length; i++) if (cost(left[i]!, pos) < cost(left[bi]!, pos)) bi = i;
    total += cost(left[bi]!, pos);
    order.push(left.splice(bi, 1)[0]!);
  }
  return { order, cost: total };
}
