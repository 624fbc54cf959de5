import { useCallback, useState } from 'react';
import { ROUTES, type RouteId } from '../shared/featured.js';
import { WallRoute } from './WallRoute.js';

/** A two-route app with no router: the route is state, and leaving a route unmounts its widgets. */
export function App() {
  const [route, setRoute] = useState<RouteId>('wall');
  const [events, setEvents] = useState<string[]>([]);
  const record = useCallback((entry: string) => setEvents((list) => [...list, entry]), []);

  return (
    <div className="app">
      <nav className="routes" aria-label="Example routes">
        {ROUTES.map(({ id, label }) => (
          <button key={id} type="button" data-route={id} aria-current={route === id ? 'page' : undefined} onClick={() => setRoute(id)}>
            {label}
          </button>
        ))}
      </nav>
      <main>
        {route === 'wall' ? (
          <WallRoute onEvent={record} />
        ) : (
          <section aria-labelledby="about-heading">
            <h1 id="about-heading">About</h1>
            <p>A route without widgets: coming here removes them, going back creates them again.</p>
          </section>
        )}
      </main>
      <ol className="event-log" aria-label="Events the app received">
        {events.map((entry, index) => (
          <li key={index} data-event={entry}>
            {entry}
          </li>
        ))}
      </ol>
    </div>
  );
}
