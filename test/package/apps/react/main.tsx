// A React 19 app as the README shows it, on the installed tarball.
import 'testimonial-elements/define';
import type {} from 'testimonial-elements/react';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { featured, log } from '../shared.js';

function App() {
  const [first, setFirst] = useState<string>();
  return (
    <>
      <testimonial-card id="featured-card" testimonial={featured} heading-level="2" />
      {first && (
        <testimonial-card
          id="fetched-card"
          endpoint="/api"
          testimonial-id={first}
          ontestimonial-card-load={(e) => log(`react testimonial-card-load:${e.detail.testimonial.id}`)}
        />
      )}
      <testimonial-wall
        endpoint="/api"
        tags={['pricing', 'mobile']}
        limit={4}
        paging="none"
        heading-level="2"
        ontestimonial-wall-load={(e) => {
          log(`react testimonial-wall-load:${e.detail.testimonials.length}`);
          setFirst((current) => current ?? e.detail.testimonials[0]?.id);
        }}
        ontestimonial-card-error={(e) => log(`react testimonial-card-error:${e.detail.message}`)}
      />
    </>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
