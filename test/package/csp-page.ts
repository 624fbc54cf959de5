/**
 * A plain page that loads the script-tag build from another origin under the strict Content-Security-
 * Policy docs/security.md documents (`strictCsp()`: no `'unsafe-inline'`, nothing for styles, Trusted Types
 * required), as a user of the CDN file runs it, and what the browser said about it:
 *
 * - the built `dist/cdn` folder on one origin (http://127.0.0.1:A, with CORS, as a CDN serves it);
 * - the page and the proxy in front of the sandbox on another (http://localhost:B);
 * - the media (posters, avatars, HLS, mp4) on a third (http://127.0.0.1:C), so `connect-src`,
 *   `img-src` and `media-src` are checked for a media origin that is not the page's.
 *
 * The page holds a wall, a card whose text has `<mark>` highlights, a card whose text has character
 * references and bare `&` (the markup-free preview shows them until DOMPurify has loaded) and a video
 * card that is played once, so hls.js loads and fetches its playlist and segments from the media
 * origin. CSP violations are collected from `securitypolicyviolation` events and from the console.
 */
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { countDeep, deepText, waitFor, watchedPage } from '../support/browser.js';
import { startStaticServer, type StaticServer } from '../support/static-server.js';
import { strictCsp, type CspOrigins } from './csp-policy.js';

export interface StrictCspPageOptions {
  /** A built `dist/cdn` folder (`buildCdn()`), holding `testimonial-elements.js` and its chunks. */
  cdnDir: string;
  /** A running browser (the caller's, shared with its other pages): the page opens a tab of its own and closes it. */
  browser: Browser;
  /** The policy served, from the page's origins; default {@link strictCsp} (to measure what each directive is for). */
  policy?: (origins: CspOrigins) => string;
}

export interface StrictCspPageResult {
  /** Every CSP or Trusted Types violation: `securitypolicyviolation` events, then console reports. */
  violations: string[];
  /** What the page failed to show or play, uncaught errors, other console errors, HTTP errors. */
  errors: string[];
  /** `<testimonial-card>` elements with text on screen (in the wall and alone). */
  cardsRendered: number;
  /** `<mark>` highlights on screen. */
  marksRendered: number;
}

/** Text of the card that holds character references and bare ampersands, and what it reads as. */
const ENTITY_TEXT = 'Tom &amp; Jerry&#39;s caf&eacute; &lt;3 &#x2014; R&D, 5 &gt; 3 &copy; &#150; done';
const ENTITY_TEXT_SHOWN = "Tom & Jerry's caf\u00e9 <3 \u2014 R&D, 5 > 3 \u00a9 \u2013 done";

const SANDBOX_KEY = 'sandbox-key';

/** What the browser reports about the policy, in either browser's words. */
const CSP_MESSAGE = /content[- ]security[- ]policy|trusted ?types?|trustedhtml|trustedscript|sink type mismatch|refused to/i;

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

interface TestimonialSummary {
  id: string;
  type: string;
  text: string | null;
}

/** Creates the approved text testimonial whose text holds character references; returns its id. */
async function createEntityTestimonial(api: StaticServer): Promise<string> {
  const response = await fetch(`${api.origin}/v1/testimonials`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${SANDBOX_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'text', customer_name: 'Ampersand Tester', text: ENTITY_TEXT, approved: true }),
  });
  if (response.status !== 201) throw new Error(`creating the entity testimonial: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** The first testimonial of the proxy's list that passes `test`. */
async function findTestimonial(api: StaticServer, query: string, test: (t: TestimonialSummary) => boolean): Promise<string> {
  const response = await fetch(`${api.origin}/api/testimonials?limit=100&${query}`);
  const { testimonials } = (await response.json()) as { testimonials: TestimonialSummary[] };
  const found = testimonials.find(test);
  if (!found) throw new Error(`no testimonial for ${query} in the sandbox`);
  return found.id;
}

/** The element matching `selector` in the player of the video card (two shadow roots down), if it is there. */
async function inVideoCard(page: Page, selector: string): Promise<ElementHandle<Element> | null> {
  const handle = await page.evaluateHandle(
    (sel) => document.querySelector('#video')?.shadowRoot?.querySelector('video-testimonial')?.shadowRoot?.querySelector(sel) ?? null,
    selector,
  );
  return handle.asElement() as ElementHandle<Element> | null;
}

function pageHtml(cdnOrigin: string, ids: { marked: string; entities: string; video: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Testimonials under a strict CSP</title>
<script type="module" src="${cdnOrigin}/testimonial-elements.js"></script></head>
<body>
<testimonial-wall endpoint="/api" limit="12" paging="none"></testimonial-wall>
<testimonial-card id="marked" endpoint="/api" testimonial-id="${ids.marked}"></testimonial-card>
<testimonial-card id="entities" endpoint="/api" testimonial-id="${ids.entities}"></testimonial-card>
<testimonial-card id="video" endpoint="/api" testimonial-id="${ids.video}"></testimonial-card>
</body></html>`;
}

export async function runStrictCspPage(options: StrictCspPageOptions): Promise<StrictCspPageResult> {
  const servers: StaticServer[] = [];
  let opened: Page | undefined;
  try {
    const cdn = await startStaticServer({ root: options.cdnDir, api: false, headers: { 'Access-Control-Allow-Origin': '*' } });
    servers.push(cdn);
    const media = await startStaticServer();
    servers.push(media);
    const policy = (options.policy ?? strictCsp)({ scripts: cdn.origin, api: "'self'", media: media.origin });
    // The page is written once the sandbox has the testimonials it names; the server reads it per request.
    const pages: Record<string, string> = {};
    const site = await startStaticServer({ pages, api: { sandboxOrigin: media.origin }, headers: { 'Content-Security-Policy': policy } });
    servers.push(site);
    const pageOrigin = site.origin.replace('127.0.0.1', 'localhost');

    const ids = {
      marked: await findTestimonial(site, 'type=text', (t) => t.text?.includes('<mark>') === true),
      entities: await createEntityTestimonial(site),
      video: await findTestimonial(site, 'type=video', () => true),
    };
    pages['/'] = pageHtml(cdn.origin, ids);

    const watched = await watchedPage(options.browser);
    const { page } = watched;
    opened = page;
    await page.evaluateOnNewDocument(() => {
      const violations: string[] = (window.__cspViolations = []);
      document.addEventListener(
        'securitypolicyviolation',
        (event) =>
          violations.push(
            `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}${event.sample ? `: ${event.sample}` : ''}`,
          ),
        true,
      );
    });
    await page.goto(`${pageOrigin}/`, { waitUntil: 'load' });

    const errors: string[] = [];
    try {
      await waitFor(
        async () => (await deepText(page, '#entities')).includes(ENTITY_TEXT_SHOWN),
        'the entity card to show its decoded text',
      );
      await waitFor(async () => (await countDeep(page, 'mark')) > 0, 'highlights to be rendered');
      let button: ElementHandle<Element> | null = null;
      await waitFor(async () => (button = await inVideoCard(page, '[part="play-button"]')) !== null, "the video card's play button");
      await button!.click();
      await waitFor(() => media.requestsTo((path) => path.endsWith('.m4s')).length > 0, 'hls.js to fetch a segment from the media origin');
      await waitFor(
        async () => (await inVideoCard(page, 'video'))?.evaluate((video) => (video as HTMLVideoElement).currentTime > 0) ?? false,
        'the video to play',
      );
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
    }
    // Violation events are dispatched in tasks of their own: let those queued so far run.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));

    const events = await page.evaluate(() => window.__cspViolations ?? []);
    const consoleReports = watched.errors.filter((message) => CSP_MESSAGE.test(message));
    const cardsRendered = await page.evaluate(() => {
      const cards: Element[] = [];
      const walk = (root: Document | ShadowRoot): void => {
        for (const element of root.querySelectorAll('*')) {
          if (element.localName === 'testimonial-card') cards.push(element);
          if (element.shadowRoot) walk(element.shadowRoot);
        }
      };
      walk(document);
      return cards.filter((card) => (card.shadowRoot?.querySelector('[part="text"]')?.textContent ?? '').trim() !== '').length;
    });
    return {
      violations: [...events, ...consoleReports],
      errors: [...errors, ...watched.errors.filter((message) => !CSP_MESSAGE.test(message)), ...watched.httpErrors],
      cardsRendered,
      marksRendered: await countDeep(page, 'mark'),
    };
  } finally {
    // Closed, not left playing the video beside the caller's next pages.
    await opened?.close();
    await Promise.all(servers.map((server) => server.close()));
  }
}
