import { useState } from 'react';
import type { Testimonial } from '../../../src/client/types.js';
import { featuredTestimonial } from '../shared/featured.js';

interface WallRouteProps {
  /** Told every event the widgets send, by name. */
  onEvent(entry: string): void;
}

/**
 * The widgets as a React 19 app uses them: data passed as properties (`testimonial={…}`), attributes as
 * text, the elements' own events as `on<event name>` props, React's `onClick` for native ones.
 */
export function WallRoute({ onEvent }: WallRouteProps) {
  const [first, setFirst] = useState<Testimonial | undefined>();

  return (
    <section aria-labelledby="wall-heading">
      <h1 id="wall-heading">What our customers say</h1>
      <div className="featured">
        <testimonial-card
          id="featured-card"
          testimonial={featuredTestimonial}
          variant="quote"
          heading-level={2}
          onClick={() => onEvent('click')}
        />
        {first && (
          <testimonial-card
            id="fetched-card"
            endpoint="/api"
            testimonial-id={first.id}
            heading-level={2}
            ontestimonial-card-load={(event) => onEvent(`testimonial-card-load:${event.detail.testimonial.id === first.id}`)}
          />
        )}
      </div>
      <testimonial-wall
        endpoint="/api"
        tags={['pricing', 'mobile']}
        limit={6}
        layout="grid"
        paging="none"
        label="Customer testimonials"
        ontestimonial-wall-load={(event) => {
          onEvent(`testimonial-wall-load:${event.detail.testimonials.length}`);
          setFirst((current) => current ?? event.detail.testimonials[0]);
        }}
        ontestimonial-wall-error={(event) => onEvent(`testimonial-wall-error:${event.detail.message}`)}
      />
    </section>
  );
}
