import type { Route } from '../router.ts';

/**
 * `aria-current="page"` for a top-bar link when the route is inside the section `path` names (`/lobby`,
 * `/ratings`, `/players/Gawain`): its segments begin the route's. `/` is the home page alone.
 */
export function here(route: Route, path: string): 'page' | undefined {
  const want = path.split('/').filter(Boolean);
  if (want.length === 0) return route.parts.length === 0 ? 'page' : undefined;
  return want.every((p, i) => route.parts[i] === p) ? 'page' : undefined;
}
