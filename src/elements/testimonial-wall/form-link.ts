/**
 * The "Leave a testimonial" call to action: the first form of GET /links (spec 2.6), fetched only when a
 * wall asks for it and only through a URL that passes the safe-URL check.
 */
import type { ReactiveControllerHost } from 'lit';
import type { WidgetReadClient } from '../../client/index.js';
import type { Links } from '../../client/types.js';
import { errorMessage } from '../shared/events.js';
import { FetchController } from '../shared/fetch-controller.js';
import { safeUrl } from '../shared/safe-url.js';
import type { WarnFn } from '../shared/warnings.js';

/** The first form URL that is safe to link to, or `undefined`. */
export function firstFormUrl(links: Partial<Links> | null | undefined): string | undefined {
  const forms = Array.isArray(links?.forms) ? links.forms : [];
  for (const form of forms) {
    const href = safeUrl(form?.url, 'link');
    if (href) return href;
  }
  return undefined;
}

export class FormLinkController {
  private readonly links: FetchController<Links>;

  constructor(host: ReactiveControllerHost, warn: WarnFn) {
    this.links = new FetchController<Links>(host, ({ status, value, error }) => {
      if (status === 'error') {
        warn('TE-LINKS-FAILED', `cta: GET /links failed (${errorMessage(error)}); no call to action is shown.`);
      } else if (!firstFormUrl(value)) {
        warn('TE-NO-FORM', 'cta: GET /links lists no form with a safe http(s) URL; no call to action is shown.');
      }
    });
  }

  /** Where the call to action points, once known. */
  get href(): string | undefined {
    return this.links.status === 'complete' ? firstFormUrl(this.links.value) : undefined;
  }

  /** Whether the question is answered (with a link or without one), so the footer can appear once. */
  get settled(): boolean {
    return this.links.status !== 'pending';
  }

  /** Asks `client` for the links, or forgets them when `client` is undefined (no call to action). */
  request(client: WidgetReadClient | undefined): void {
    this.links.request(client, client && ((signal) => client.getLinks({ signal })));
  }
}
