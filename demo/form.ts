// The collection form's demo page: <testimonial-form> beside a wall of the approved testimonials, both
// through the proxy at /api. The log shows the form's events.
import '../src/cdn.js';
// The form is this page's first content: defined by the page's render-blocking script, not on first
// use (`testimonial-elements/define` would load its chunk after the first paint, and in one column the
// wall below would move down by the whole form: CLS 0.25 on a phone).
import '../src/elements/testimonial-form/define.js';

const log = document.querySelector<HTMLPreElement>('#log')!;
const note = (line: string) => (log.textContent = `${new Date().toLocaleTimeString()}  ${line}\n${log.textContent ?? ''}`.slice(0, 4000));

document.addEventListener('testimonial-form-submit', () => note('testimonial-form-submit'));
document.addEventListener('testimonial-form-success', (event) =>
  note(`testimonial-form-success: id ${event.detail.id} (pending your approval)`),
);
document.addEventListener('testimonial-form-error', (event) =>
  note(`testimonial-form-error: ${event.detail.code ?? ''} ${event.detail.message}`),
);
