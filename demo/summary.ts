// The summary demo page: every variant, filter, theme and state of <testimonial-summary> against the
// sandbox through the proxy at /api, and the floating placement with its dismissal.
import '../src/cdn.js';
// The summaries are this page's content: defined by the page's render-blocking script, not on first
// use (`testimonial-elements/define` would load their chunk after the first paint, and what follows
// each would move by its height: CLS 0.07 on a phone).
import '../src/elements/testimonial-summary/define.js';
import './on-request.js';

const floating = document.querySelector('#floating')!;
const placement = document.querySelector<HTMLSelectElement>('#placement')!;
const log = document.querySelector<HTMLPreElement>('#log')!;

function note(line: string): void {
  log.textContent = `${new Date().toLocaleTimeString()}  ${line}\n${log.textContent ?? ''}`.slice(0, 4000);
}

placement.addEventListener('change', () => {
  if (placement.value) floating.setAttribute('placement', placement.value);
  else floating.removeAttribute('placement');
});

document.querySelector('#reopen')!.addEventListener('click', () => {
  // The dismissal is remembered for the visit: forget it, and load the page again.
  sessionStorage.removeItem('testimonial-summary:dismissed');
  location.reload();
});

for (const name of ['testimonial-summary-load', 'testimonial-summary-error', 'testimonial-summary-dismiss'] as const) {
  document.addEventListener(name, (event) => {
    const detail = (event as CustomEvent).detail as { summary?: { count: number; average: number | null }; message?: string };
    const what = detail.summary ? `count ${detail.summary.count}, average ${detail.summary.average}` : (detail.message ?? '');
    note(`${name} ${what}`);
  });
}
