// The collection form's demo page: <testimonial-form> beside a wall of the approved testimonials, both
// through the proxy at /api. Imports only the package's entry points (`testimonial-elements/define`
// registers the form lazily). The log shows the form's events.
import '../src/define.js';

const log = document.querySelector<HTMLPreElement>('#log')!;
const note = (line: string) => (log.textContent = `${new Date().toLocaleTimeString()}  ${line}\n${log.textContent ?? ''}`.slice(0, 4000));

document.addEventListener('testimonial-form-submit', () => note('testimonial-form-submit'));
document.addEventListener('testimonial-form-success', (event) =>
  note(`testimonial-form-success: id ${event.detail.id} (pending your approval)`),
);
document.addEventListener('testimonial-form-error', (event) =>
  note(`testimonial-form-error: ${event.detail.code ?? ''} ${event.detail.message}`),
);
