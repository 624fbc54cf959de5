// The walls demo page: every layout against the sandbox through the proxy at /api, a playground for
// every attribute, and 1,000 testimonials rendered from data in hand.
// The elements come as a site's script tag brings them (`src/cdn.ts`, the script-tag build's entry: the
// player, hls.js and the other elements load on first use); the rest from the package's entry point.
import '../src/cdn.js';
import './on-request.js';
import { createClient, type Testimonial, type TestimonialWall } from '../src/index.js';

const playground = document.querySelector<TestimonialWall>('#playground')!;
const controls = document.querySelector<HTMLFormElement>('#controls')!;
const log = document.querySelector<HTMLPreElement>('#log')!;

/** Text fields and selects become attributes (empty ones are removed); checkboxes become booleans. */
function applyControls(): void {
  const data = new FormData(controls);
  for (const field of controls.elements) {
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) || !field.name) continue;
    if (field instanceof HTMLInputElement && field.type === 'checkbox') {
      playground.toggleAttribute(field.name, field.checked);
      continue;
    }
    const value = String(data.get(field.name) ?? '').trim();
    if (value) playground.setAttribute(field.name, value);
    else playground.removeAttribute(field.name);
  }
}

function note(line: string): void {
  log.textContent = `${new Date().toLocaleTimeString()}  ${line}\n${log.textContent ?? ''}`.slice(0, 4000);
}

controls.addEventListener('input', applyControls);
controls.addEventListener('change', applyControls);
playground.addEventListener('testimonial-wall-load', (event) =>
  note(`testimonial-wall-load: page ${event.detail.page}, ${event.detail.testimonials.length} new testimonials`),
);
playground.addEventListener('testimonial-wall-error', (event) => note(`testimonial-wall-error: ${event.detail.message}`));
applyControls();

// 1,000 testimonials: the sandbox's fixtures, repeated under new ids, handed over as data.
const thousandButton = document.querySelector<HTMLButtonElement>('#thousand-button')!;
const thousandStatus = document.querySelector<HTMLParagraphElement>('#thousand-status')!;
const thousand = document.querySelector<TestimonialWall>('#thousand')!;

thousandButton.addEventListener('click', async () => {
  thousandButton.disabled = true;
  thousandStatus.textContent = 'Fetching the sandbox’s testimonials…';
  try {
    const client = createClient({ baseUrl: '/api' });
    const all = await client.listAllTestimonials({ limit: 100 });
    const many: Testimonial[] = Array.from({ length: 1000 }, (_, index) => ({
      ...all[index % all.length]!,
      id: `demo-${index + 1}`,
    }));
    const started = performance.now();
    thousand.testimonials = many;
    await thousand.updateComplete;
    thousandStatus.textContent = `Rendered 1,000 testimonials in slices over ${Math.round(performance.now() - started)} ms.`;
  } catch (error) {
    thousandStatus.textContent = `Could not load the testimonials: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    thousandButton.disabled = false;
  }
});
