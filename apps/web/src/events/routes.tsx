import type { Route } from '../router.ts';
import { CreateEventPage } from './create-page.tsx';
import { EventPage } from './event-page.tsx';
import { EventListPage } from './list-page.tsx';
import { SeasonPage } from './season-page.tsx';

/** `#/events`, `#/events/new`, `#/events/<id>`, `#/seasons/<game>`: the one mount of events in app.tsx. */
export function EventsRoutes({ route }: { route: Route }) {
  const [page, a] = route.parts;
  if (page === 'seasons')
    return <SeasonPage key={`season-${a ?? ''}`} game={a ?? ''} month={route.query.get('month')} />;
  if (a === 'new') return <CreateEventPage initialGame={route.query.get('game')} />;
  if (a) return <EventPage key={`event-${a}`} id={a} />;
  return <EventListPage game={route.query.get('game')} kind={route.query.get('kind')} />;
}
