// The overview page's plain listing: the client alone, without the elements, so a newcomer sees the
// data the widgets are built from.
import '../src/cdn.js';
import { createClient, type ListTestimonialsParams, type TestimonialType, type SortKey } from '../src/client/index.js';
import { overviewLine } from './overview-line.js';

const client = createClient({ baseUrl: '/api' });
const form = document.querySelector<HTMLFormElement>('#filters')!;
const list = document.querySelector<HTMLOListElement>('#list')!;
const status = document.querySelector<HTMLParagraphElement>('#status')!;
let pending: AbortController | undefined;

async function show(params: ListTestimonialsParams): Promise<void> {
  pending?.abort();
  const controller = (pending = new AbortController());
  status.textContent = 'Loading…';
  try {
    const { testimonials } = await client.listTestimonials({ limit: 8, ...params }, { signal: controller.signal });
    list.replaceChildren(
      ...testimonials.map((t) => {
        const item = document.createElement('li');
        const name = document.createElement('strong');
        name.textContent = overviewLine(t);
        const quote = document.createElement('blockquote');
        // textContent, never innerHTML: this page shows the raw data, markup and all.
        quote.textContent = t.text.length > 280 ? `${t.text.slice(0, 280)}…` : t.text || '(video)';
        item.append(name, quote);
        return item;
      }),
    );
    status.textContent = `${testimonials.length} testimonial(s).`;
  } catch (error) {
    if (controller.signal.aborted) return;
    status.textContent = `Could not load testimonials: ${(error as Error).message}`;
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const type = String(data.get('type') ?? '');
  const query = String(data.get('query') ?? '').trim();
  void show({
    sort: String(data.get('sort') ?? 'date') as SortKey,
    ...(type ? { type: type as TestimonialType } : {}),
    ...(query ? { query } : {}),
  });
});

void show({});
