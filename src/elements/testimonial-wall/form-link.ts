/**
 * The "Leave a testimonial" call to action: the first form of GET /links (spec 2.6), fetched only when a
 * wall asks for it and only through a URL that passes the safe-URL check.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TestimonialReadClient } from '../../client/index.js';
import type { Links } from '../../client/types.js';
import { errorMessage } from '../shared/events.js';
import { safeUrl } from '../shared/safe-url.js';
import type { WarnFn } from './wall-options.js';

/** The first form URL that is safe to link to, or `undefined`. */
export function firstFormUrl(links: Partial<Links> | null | undefined): string | undefined {
  const forms = Array.isArray(links?.forms) ? links.forms : [];
  for (const form of forms) {
    const href = safeUrl(form?.url, 'link');
    if (href) return href;
  }
  return undefined;
}

export class FormLinkController implements ReactiveController {
  /** Where the call to action points, once known. */
  href: string | undefined;
  /** Whether the question is answered (with a link or without one), so the footer can appear once. */
  settled = true;

  private client: TestimonialReadClient | undefined;
  private inflight: AbortController | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly warn: WarnFn,
  ) {
    host.addController(this);
  }

  /** Asks `client` for the links, or forgets them when `client` is undefined (no call to action). */
  request(client: TestimonialReadClient | undefined): void {
    if (client === this.client) return;
    this.inflight?.abort();
    this.inflight = undefined;
    this.client = client;
    this.href = undefined;
    this.settled = !client;
    if (client) void this.fetch(client);
  }

  hostConnected(): void {
    // A wall put back into the page finishes what leaving it interrupted.
    if (this.client && !this.settled && !this.inflight) void this.fetch(this.client);
  }

  hostDisconnected(): void {
    this.inflight?.abort();
    this.inflight = undefined;
  }

  private async fetch(client: TestimonialReadClient): Promise<void> {
    const inflight = new AbortController();
    this.inflight = inflight;
    try {
      const links = await client.getLinks({ signal: inflight.signal });
      if (inflight.signal.aborted) return;
      this.href = firstFormUrl(links);
      if (!this.href) this.warn('cta is set, but GET /links lists no form with a safe http(s) URL; no call to action is shown.');
    } catch (error) {
      if (inflight.signal.aborted) return;
      this.warn(`cta is set, but the links could not be loaded (${errorMessage(error)}); no call to action is shown.`);
    } finally {
      if (this.inflight === inflight) this.inflight = undefined;
      if (!inflight.signal.aborted) {
        this.settled = true;
        this.host.requestUpdate();
      }
    }
  }
}
