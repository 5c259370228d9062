import type { Route } from '../router.ts';

/**
 * The first route segments that belong to a top-bar section without beginning with its path: the pages a section's
 * own page leads to under another name. A season's standings are among the events (the events page lists the
 * seasons); the explorer is the database's; a game's new match, rules and lessons open from the games' page.
 */
const ALSO_IN: Readonly<Record<string, readonly string[]>> = {
  '/': ['new', 'rules', 'learn'],
  '/events': ['seasons'],
  '/database': ['explorer'],
};

/**
 * `aria-current="page"` for a top-bar link when the route is inside the section `path` names (`/lobby`,
 * `/ratings`, `/players/Gawain`): its segments begin the route's, or the route is one of the section's `ALSO_IN`.
 * `/` is the home page and the pages of a game.
 */
export function here(route: Route, path: string): 'page' | undefined {
  const first = route.parts[0];
  if (first !== undefined && ALSO_IN[path]?.includes(first)) return 'page';
  const want = path.split('/').filter(Boolean);
  if (want.length === 0) return route.parts.length === 0 ? 'page' : undefined;
  return want.every((p, i) => route.parts[i] === p) ? 'page' : undefined;
}
