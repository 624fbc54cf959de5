/**
 * Issue 27 item 3: `<testimonial-form>` against the real collect route at `/api` (the proxy in front of
 * the sandbox, with npm start's disk upload store: web-test-runner.config.mjs): every field, the rating
 * by keyboard, errors and focus, upload progress and cancel, a video recorded with the browser's fake
 * camera, nothing lost on a failure or a refused token, the server form taken over, the hostile corpus
 * sent, approved and shown on a wall, axe in light, dark, forced colours, RTL. What the route stored is
 * read from the sandbox's admin side (`/v1` with its key), the files from their public URLs. Only a
 * service down and a stalled upload come from test/support/collect-faults.ts.
 */
import { expect, html } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/testimonial-form/define.js';
import '../../../src/elements/testimonial-wall/define.js';
import type { Testimonial } from '../../../src/client/types.js';
import { SCRIPT_PAYLOADS } from '../shared/hostile.js';
import type { TestimonialForm } from '../../../src/elements/testimonial-form/testimonial-form.js';
import { emulateForcedColors } from '../../support/forced-colors.js';
import { mount } from '../shared/mount.js';
import { englishIn, spokenStrings, wordsArrived } from '../shared/words.js';

const faults = (payload: Record<string, unknown>) => executeServerCommand('collect-faults', payload) as Promise<unknown>;
/**
 * Tokens asked for (`GET /api/collect`) and submissions sent (`POST`) by this page since the test began.
 * Counted here, not by the test server: its counts are of every test file running beside this one
 * (Firefox runs three at a time), and a token another file asked for made "2 tokens" read 3 in CI.
 */
const traffic = { tokensIssued: 0, submissions: 0 };
/** This page, named on its collect requests (`x-test-page`), so that a fault set for it is its own. */
const PAGE = crypto.randomUUID();
const pageFetch = window.fetch;
before(() => {
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (url.origin !== location.origin || url.pathname !== '/api/collect') return pageFetch(input, init);
    traffic[method === 'GET' ? 'tokensIssued' : 'submissions']++;
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set('x-test-page', PAGE);
    return pageFetch(input, { ...init, headers });
  };
});
after(() => {
  window.fetch = pageFetch;
});

/** The sandbox's admin side: what the route created, as the service holds it (pending ones included). */
const ADMIN = { Authorization: 'Bearer sandbox-key' };
async function stored(id: string, root = ''): Promise<Testimonial & Record<string, unknown>> {
  const answer = await fetch(`${root}/v1/testimonials/${encodeURIComponent(id)}`, { headers: ADMIN });
  expect(answer.status, `the sandbox holds ${id}`).to.equal(200);
  return (await answer.json()) as Testimonial & Record<string, unknown>;
}

/** An uploaded file as anyone reads it from its public URL: its type and size. */
async function file(url: string): Promise<{ type: string; size: number }> {
  const answer = await fetch(url);
  expect(answer.status, url).to.equal(200);
  return { type: answer.headers.get('content-type') ?? '', size: (await answer.arrayBuffer()).byteLength };
}

/** How many upload URLs the page asked the route for (`POST /api/collect/uploads`) since the test began. */
const uploadsAsked = () =>
  performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === '/api/collect/uploads').length;

const $ = <T extends Element = HTMLElement>(el: TestimonialForm, selector: string) => el.shadowRoot!.querySelector<T>(selector)!;

async function until(condition: () => unknown, what: string, ms = 10000): Promise<void> {
  const end = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function form(attributes = '', lang = 'en', endpoint = '/api'): Promise<TestimonialForm> {
  const box = await mount<HTMLDivElement>(html`<div lang=${lang}></div>`);
  box.innerHTML = `<testimonial-form endpoint="${endpoint}" ${attributes}></testimonial-form>`;
  const el = box.firstElementChild as TestimonialForm;
  await wordsArrived(el);
  return el;
}

/**
 * Fills the control named `name` as typing does (focus, then an `input` event per change). Key presses
 * are kept for what only the keyboard shows (the radio group's arrows): each is a round trip to the
 * browser, slow on a loaded machine.
 */
async function type(el: TestimonialForm, name: string, text: string): Promise<void> {
  const control = $<HTMLInputElement>(el, `[name=${name}]`);
  control.focus();
  control.value = text;
  control.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: text, inputType: 'insertText' }));
  await el.updateComplete;
}

function chooseFile(input: HTMLInputElement, file: File): void {
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The form's `testimonial-form-success`, or a failure naming what the form shows instead (within 10 s). */
function success(el: TestimonialForm): Promise<CustomEvent<{ id: string }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const said = [...el.shadowRoot!.querySelectorAll('.error')].map((node) => node.textContent).join(' | ');
      reject(new Error(`no testimonial-form-success within 10 s; the form says: ${said || 'nothing'}`));
    }, 10000);
    el.addEventListener(
      'testimonial-form-success',
      (event) => {
        clearTimeout(timer);
        resolve(event as CustomEvent<{ id: string }>);
      },
      { once: true },
    );
  });
}

/** Types the name, ticks the consent and sends; resolves on `testimonial-form-success`. */
async function sendAs(el: TestimonialForm, name: string): Promise<CustomEvent<{ id: string }>> {
  await type(el, 'customer_name', name);
  $<HTMLInputElement>(el, '[name=consent]').click();
  const sent = success(el);
  $<HTMLButtonElement>(el, '[part=submit]').click();
  return sent;
}

describe('<testimonial-form>', function () {
  this.timeout(30000);
  beforeEach(async () => {
    performance.clearResourceTimings();
    traffic.tokensIssued = traffic.submissions = 0;
    await faults({ reset: true });
  });

  it("sends every field under the route's names; the rating is a radio group the arrow keys operate; success is said politely and focused", async () => {
    const el = await form();
    await type(el, 'customer_name', 'Ada Lovelace');
    await type(el, 'customer_email', 'ada@example.com');
    await type(el, 'customer_company', 'Analytical Engines');
    await type(el, 'customer_tagline', 'Countess');
    await type(el, 'customer_url', 'https://ada.example');
    await type(el, 'text', 'It computes Bernoulli numbers.');
    // The first radio, then the arrow keys: 1 → 2 → 3 → 4 (Right/Down go up the scale).
    $<HTMLInputElement>(el, 'input[name=rating]').click();
    $<HTMLInputElement>(el, 'input[name=rating]').focus();
    for (let i = 0; i < 3; i++) await sendKeys({ press: 'ArrowRight' });
    expect($<HTMLInputElement>(el, 'input[name=rating]:checked').value).to.equal('4');
    $<HTMLInputElement>(el, '[name=consent]').click();
    for (const [name, token] of [
      ['customer_name', 'name'],
      ['customer_email', 'email'],
      ['customer_company', 'organization'],
      ['customer_tagline', 'organization-title'],
      ['customer_url', 'url'],
    ])
      expect($(el, `[name=${name}]`).getAttribute('autocomplete'), name).to.equal(token);
    expect($(el, 'label[for=field-customer_name], label[for=field-name]').textContent).to.contain('Your name');
    const sent = success(el);
    $<HTMLButtonElement>(el, '[part=submit]').click();
    const { detail } = await sent;
    const submission = await stored(detail.id);
    expect(submission).to.deep.include({
      approved: false,
      customer_name: 'Ada Lovelace',
      customer_email: 'ada@example.com',
      customer_company: 'Analytical Engines',
      customer_tagline: 'Countess',
      // The route's safe-URL check writes the address out in full.
      customer_url: 'https://ada.example/',
      text: 'It computes Bernoulli numbers.',
      rating: 4,
    });
    await el.updateComplete;
    // Focus moves once the base's focus rule (a lazy chunk) is in: waited for, and compared as a part
    // name, not as elements (a failure message printing a node of a shadow tree stalls the runner).
    await until(() => el.shadowRoot!.activeElement?.getAttribute('part') === 'success', 'focus on the success message');
    await until(() => $(el, '[role=status]').textContent!.includes('Thank you'), 'the announcement');
  });

  it('a field in error says why beside it (aria-describedby), is aria-invalid, and the first one gets focus', async () => {
    const el = await form('required="text rating"');
    await type(el, 'customer_email', 'not-an-email');
    $<HTMLButtonElement>(el, '[part=submit]').click();
    await el.updateComplete;
    await until(() => el.shadowRoot!.activeElement, 'focus');
    // The rating comes first in the form and is required: focus goes there.
    expect(el.shadowRoot!.activeElement!.getAttribute('name')).to.equal('rating');
    expect($(el, '[data-field=rating]').getAttribute('aria-describedby')).to.equal('error-rating');
    expect($(el, '#error-rating').textContent).to.contain('Choose a rating.');
    for (const [name, message] of [
      ['text', 'This field is required.'],
      ['customer_name', 'This field is required.'],
      ['customer_email', 'Enter a valid email address.'],
      ['consent', 'Please agree to continue.'],
    ]) {
      const control = $(el, `[name=${name}]`);
      expect(control.getAttribute('aria-invalid'), name).to.equal('true');
      const ids = control.getAttribute('aria-describedby')!.split(' ');
      expect(ids.map((id) => $(el, `#${id}`).textContent).join(' '), name).to.contain(message);
    }
    expect(traffic.submissions).to.equal(0);
  });

  it('loses nothing on a failure or a refused token: the visitor sends again and it goes', async () => {
    const el = await form('fields="text name"');
    await type(el, 'customer_name', 'Grace');
    await type(el, 'text', 'Found the moth.');
    $<HTMLInputElement>(el, '[name=consent]').click();
    // The token is fetched on the first interaction (the focus), once.
    await until(() => traffic.tokensIssued > 0, 'the token request');
    expect(traffic.tokensIssued, 'the token is fetched on the first interaction').to.equal(1);
    // The service down as the visitor sends (a fault in front of the route).
    await faults({ failNext: { status: 503, code: 'upstream_unavailable', page: PAGE } });
    const errors: CustomEvent[] = [];
    el.addEventListener('testimonial-form-error', (event) => errors.push(event));
    $<HTMLButtonElement>(el, '[part=submit]').click();
    await until(() => errors.length === 1, 'the error event');
    await el.updateComplete;
    expect($(el, '#error-form').textContent).to.contain('Nothing you typed is lost');
    expect($<HTMLInputElement>(el, '[name=customer_name]').value).to.equal('Grace');
    expect($<HTMLTextAreaElement>(el, '[name=text]').value).to.equal('Found the moth.');
    expect($<HTMLInputElement>(el, '[name=consent]').checked).to.be.true;
    // The route refuses the (already used) token: a new one is fetched by itself.
    // The route refusing the token (the element never reuses one by itself: the route's own token rules
    // are its Node tests'): a new one is fetched by itself.
    await faults({ failNext: { status: 403, code: 'token_used', field: 'token', page: PAGE } });
    $<HTMLButtonElement>(el, '[part=submit]').click();
    await until(() => errors.length === 2, 'the second error event');
    await el.updateComplete;
    expect($(el, '#error-form').textContent).to.contain('Please send your testimonial again.');
    const sent = success(el);
    $<HTMLButtonElement>(el, '[part=submit]').click();
    const { detail } = await sent;
    expect(traffic.tokensIssued).to.equal(2);
    expect(await stored(detail.id)).to.deep.include({ customer_name: 'Grace', text: 'Found the moth.' });
  });

  it('an upload shows its progress, can be cancelled and sent again; the photo goes with the testimonial', async () => {
    const el = await form('fields="name photo"');
    $<HTMLInputElement>(el, '[name=customer_name]').focus();
    await until(() => el.shadowRoot!.querySelector('#file-photo'), 'the photo field');
    await faults({ holdUploads: true });
    const photo = new File([new Uint8Array(600_000)], 'me.png', { type: 'image/png' });
    chooseFile($<HTMLInputElement>(el, '#file-photo'), photo);
    await until(() => el.shadowRoot!.querySelector('progress'), 'the progress bar');
    const cancel = [...el.shadowRoot!.querySelectorAll('button')].find((button) => button.textContent!.includes('Cancel upload'))!;
    cancel.focus();
    cancel.click();
    await until(() => $(el, '[part=upload]')?.textContent!.includes('The upload did not finish.'), 'the cancelled state');
    expect(el.shadowRoot!.activeElement?.textContent, 'focus on the control that took its place').to.contain('Try again');
    await faults({ holdUploads: false });
    (el.shadowRoot!.activeElement as HTMLButtonElement).click();
    // Done, by the form's own state: the cancelled state's DOM and the finished one's both offer "Remove".
    const photoUpload = () => (el as unknown as { uploads: { get(slot: string): { status: string } | undefined } }).uploads.get('photo');
    await until(() => photoUpload()?.status === 'done', 'the upload done');
    const { detail } = await sendAs(el, 'Katherine');
    const avatar = (await stored(detail.id)).customer_avatar!;
    expect(new URL(avatar).pathname).to.match(/^\/api\/uploads\//);
    expect(await file(avatar)).to.deep.equal({ type: 'image/png', size: 600_000 });
  });

  it("records a video with the fake camera: countdown, stop at the route's maximum, a poster, both uploaded and sent", async () => {
    const el = await form('fields="name video"');
    $<HTMLInputElement>(el, '[name=customer_name]').focus();
    await until(() => el.shadowRoot!.querySelector('#file-video'), 'the video field');
    const button = (label: string) => [...el.shadowRoot!.querySelectorAll('button')].find((item) => item.textContent!.includes(label));
    button('Record a video')!.click();
    await until(() => button('Start recording'), 'the preview');
    expect($<HTMLVideoElement>(el, 'video.preview').srcObject).to.be.instanceOf(MediaStream);
    button('Start recording')!.click();
    await until(() => $(el, '.status').textContent!.includes('Recording starts in'), 'the countdown');
    await until(() => $(el, '.status').textContent!.includes('s left'), 'the recording', 6000);
    // It stops by itself at the route's maximum (3 s on the test server), then uploads video and poster.
    await until(() => button('Retake'), 'the recording stopped', 8000);
    await until(() => button('Remove'), 'the upload done');
    expect(uploadsAsked(), 'video and poster').to.equal(2);
    const { detail } = await sendAs(el, 'Margaret');
    const submission = await stored(detail.id);
    expect(submission.type).to.equal('video');
    const video = await file(submission.video_url!);
    expect(video.size).to.be.above(1000);
    expect(video.type).to.match(/^video\/(webm|mp4)/);
    expect((await file(submission.thumbnail_url!)).type).to.match(/^image\//);
  });

  it('attaches images (media): several at once, each with a preview, its upload and Remove, at most four, all sent', async () => {
    const el = await form('fields="name media"');
    $<HTMLInputElement>(el, '[name=customer_name]').focus();
    await until(() => el.shadowRoot!.querySelector('#file-media'), 'the images field');
    expect($<HTMLInputElement>(el, '#file-media').multiple).to.equal(true);
    const images = (...names: string[]) => {
      const transfer = new DataTransfer();
      for (const name of names) transfer.items.add(new File([new Uint8Array(2000)], name, { type: 'image/png' }));
      const input = $<HTMLInputElement>(el, '#file-media');
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    };
    const uploaded = () =>
      [...el.shadowRoot!.querySelectorAll('[part=media] li')].filter((item) => item.textContent!.includes('Remove')).length;
    images('a.png', 'b.png');
    await until(() => uploaded() === 2, 'two images uploaded');
    expect(el.shadowRoot!.querySelectorAll('[part=preview]').length).to.equal(2);
    images('c.png', 'd.png', 'e.png');
    await until(() => uploaded() === 4, 'four images uploaded');
    expect($(el, '#error-media').textContent).to.equal('At most 4 images.');
    expect(el.shadowRoot!.querySelector('#file-media'), 'no input once four are chosen').to.equal(null);
    // A preview's object URL holds its file in memory until revoked: released with its image, and all
    // of them when the form leaves the page; a form put back shows its images again.
    const previews = () => [...el.shadowRoot!.querySelectorAll<HTMLImageElement>('[part=preview]')].map((image) => image.src);
    const readable = async (urls: string[]) =>
      Promise.all(
        urls.map((url) =>
          fetch(url).then(
            () => true,
            () => false,
          ),
        ),
      );
    const removed = previews()[1]!;
    const remove = [...el.shadowRoot!.querySelectorAll('[part=media] li')][1]!.querySelector('button')!;
    expect(remove.textContent).to.contain('Remove');
    remove.click();
    await until(() => el.shadowRoot!.querySelector('#file-media'), 'the input back for a fourth');
    expect(el.shadowRoot!.querySelectorAll('[part=preview]').length).to.equal(3);
    expect(await readable([removed]), "the removed image's preview released").to.deep.equal([false]);
    const kept = previews();
    const box = el.parentElement!;
    el.remove();
    expect(await readable(kept), 'previews released when the form leaves the page').to.deep.equal([false, false, false]);
    box.append(el);
    await el.updateComplete;
    expect(
      previews().some((url) => kept.includes(url)),
      'new URLs once back',
    ).to.equal(false);
    expect(await readable(previews()), 'previews shown again once back').to.deep.equal([true, true, true]);
    const { detail } = await sendAs(el, 'Grace');
    const media = (await stored(detail.id)).media as { url: string; type: string }[];
    expect(media.map((item) => item.type)).to.deep.equal(['image', 'image', 'image']);
    for (const item of media) expect(await file(item.url)).to.deep.equal({ type: 'image/png', size: 2000 });
    expect(uploadsAsked()).to.equal(4, 'four sent to storage, one removed afterwards');
  });

  it("refuses a chosen video longer than the route's maximum before uploading it, and uploads one within it", async () => {
    const el = await form('fields="name video"');
    $<HTMLInputElement>(el, '[name=customer_name]').focus();
    await until(() => el.shadowRoot!.querySelector('#file-video'), 'the video field');
    const fixture = async (name: string) =>
      new File([await (await fetch(new URL(`./media/${name}`, import.meta.url))).blob()], name, { type: 'video/webm' });
    // Six seconds, over the test server's three: said beside the field, and nothing is sent.
    chooseFile($<HTMLInputElement>(el, '#file-video'), await fixture('six-seconds.webm'));
    await until(() => el.shadowRoot!.querySelector('#error-video'), 'the message beside the field');
    expect($(el, '#error-video').textContent).to.equal('This video is too long (at most 3 seconds).');
    expect($(el, '#file-video').getAttribute('aria-describedby')).to.contain('error-video');
    expect(uploadsAsked(), 'nothing uploaded').to.equal(0);
    // Two seconds: uploaded.
    chooseFile($<HTMLInputElement>(el, '#file-video'), await fixture('two-seconds.webm'));
    const button = (label: string) => [...el.shadowRoot!.querySelectorAll('button')].find((item) => item.textContent!.includes(label));
    await until(() => button('Remove'), 'the upload done');
    expect(el.shadowRoot!.querySelector('#error-video')).to.equal(null);
    expect(uploadsAsked()).to.equal(1);
  });

  it('takes over the server-rendered form with what was typed in it, and the field that had focus', async () => {
    const box = await mount<HTMLDivElement>(html`<div></div>`);
    box.innerHTML = `<testimonial-form endpoint="/api" fields="name text" id="server">
      <form method="post" action="/api/collect"><input name="customer_name" value="Typed before"><textarea name="text">Half a sentence</textarea></form>
    </testimonial-form>`;
    const el = box.querySelector<TestimonialForm>('#server')!;
    await wordsArrived(el);
    expect(el.querySelector('form')!.hidden).to.be.true;
    expect($<HTMLInputElement>(el, '[name=customer_name]').value).to.equal('Typed before');
    expect($<HTMLTextAreaElement>(el, '[name=text]').value).to.equal('Half a sentence');
  });

  it('the hostile corpus typed into every field is stored as typed, pending; approved, it shows on a wall from the same proxy and runs nothing', async () => {
    // A sandbox of its own (see web-test-runner.config.mjs): approved, these would show in other files' walls.
    const root = '/isolated';
    const windowWithFlag = window as unknown as { __pwned?: unknown };
    delete windowWithFlag.__pwned;
    const ids: string[] = [];
    try {
      // Each payload from a form of its own, as another visitor would send it, with an email that must
      // never be shown.
      for (const [index, payload] of SCRIPT_PAYLOADS.entries()) {
        const el = await form('fields="text name email company tagline"', 'en', `${root}/api`);
        for (const name of ['customer_name', 'text', 'customer_company', 'customer_tagline']) await type(el, name, `${payload} ${index}`);
        await type(el, 'customer_email', `visitor${index}@example.com`);
        $<HTMLInputElement>(el, '[name=consent]').click();
        const sent = success(el);
        $<HTMLButtonElement>(el, '[part=submit]').click();
        ids.push((await sent).detail.id);
        el.remove();
      }
      // As the route stored them: as typed, pending, with the consent tag; approved from the admin side.
      for (const [index, id] of ids.entries()) {
        const testimonial = await stored(id, root);
        expect(testimonial.text).to.equal(`${SCRIPT_PAYLOADS[index]} ${index}`);
        expect(testimonial.approved, id).to.equal(false);
        expect(testimonial.tags).to.include('consent-v1');
        const approval = await fetch(`${root}/v1/testimonials/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          headers: { ...ADMIN, 'Content-Type': 'application/json' },
          body: JSON.stringify({ approved: true }),
        });
        expect(approval.status, `approving ${id}`).to.equal(200);
      }
      // The public read (the proxy) has no email.
      const read = (await (await fetch(`${root}/api/testimonials/${encodeURIComponent(ids[0]!)}`)).json()) as Record<string, unknown>;
      expect(read.text).to.equal(`${SCRIPT_PAYLOADS[0]} 0`);
      expect('customer_email' in read, 'no email on the public read').to.equal(false);
      // The wall asks the proxy for the form's testimonials: only these are approved.
      const wall = await mount<HTMLElement & { updateComplete: Promise<unknown> }>(
        html`<testimonial-wall endpoint="${root}/api" tags="website-form" limit="50"></testimonial-wall>`,
      );
      await until(() => wall.shadowRoot!.querySelectorAll('testimonial-card').length === ids.length, 'the cards');
      const cards = [...wall.shadowRoot!.querySelectorAll('testimonial-card')];
      await Promise.all(cards.map((card) => (card as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete));
      // A payload's handler runs on load or error of what it injected: a frame for it to happen.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      expect(windowWithFlag.__pwned, 'nothing ran').to.equal(undefined);
      for (const card of cards)
        expect(card.shadowRoot!.querySelectorAll('script, img[onerror], svg, iframe, [onclick], [onload]').length).to.equal(0);
      const shown = cards.map((card) => card.shadowRoot!.textContent).join(' ');
      expect(shown).to.contain('window.__pwned');
      expect(shown).not.to.contain('@example.com');
    } finally {
      // Off its sandbox again, so a second run of the file starts from the same state.
      await Promise.all(ids.map((id) => fetch(`${root}/v1/testimonials/${encodeURIComponent(id)}`, { method: 'DELETE', headers: ADMIN })));
    }
  });

  it("says every word in the page's language (German, Japanese, Arabic), errors and the consent too", async () => {
    for (const lang of ['de', 'ja', 'ar']) {
      const el = await form('required="rating text" consent="—"', lang);
      $<HTMLButtonElement>(el, '[part=submit]').click();
      await el.updateComplete;
      const { default: table } = (await import(`../../../src/elements/shared/translations/${lang}.ts`)) as {
        default: Record<string, string>;
      };
      const strings = spokenStrings(el.shadowRoot!);
      expect(englishIn(strings, table), lang).to.deep.equal([]);
      expect(strings.join(' '), lang).to.contain(table['Send testimonial']);
    }
  });

  for (const [name, attributes, lang, forced] of [
    ['light', '', 'en', false],
    ['dark', 'theme="dark"', 'en', false],
    ['RTL (Arabic)', '', 'ar', false],
    ['forced colours', '', 'en', true],
  ] as const) {
    it(`is axe clean: ${name}, with errors shown`, async function () {
      if (forced && !(await emulateForcedColors('active'))) this.skip();
      try {
        const el = await form(`${attributes} required="rating text"`, lang);
        $<HTMLButtonElement>(el, '[part=submit]').click();
        await el.updateComplete;
        if (lang === 'ar') expect($(el, '.box').getAttribute('dir')).to.equal('rtl');
        await expect(el).to.be.accessible();
      } finally {
        if (forced) await emulateForcedColors('none');
      }
    });
  }
});
