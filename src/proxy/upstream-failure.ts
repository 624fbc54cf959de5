/**
 * What a browser is told when the service fails, and what the site owner reads in the log. Browsers get
 * a status and a sentence of ours, never the service's body, message or a stack. Log lines are the
 * proxy's own sentences too: the status, the route (method and path, never the visitor's query) and
 * what to do; never an upstream body or reason phrase, and never the key (the client never puts it in a
 * URL or a message, and the proxy's logger strips it anyway).
 */
import { TestimonialApiError } from '../client/index.js';
import { NotPublicError, UpstreamShapeError } from '../client/public-fields.js';
import { RenderFailure } from './render-routes.js';
import { REFUSED_ANSWER, routeOf } from './upstream-fetch.js';
import { UpstreamRefusedError } from './upstream-admission.js';
import { ProxyBusyError } from './work-gate.js';

export interface UpstreamFailure {
  status: 404 | 429 | 500 | 502 | 503 | 504;
  code: string;
  message: string;
  /** May an expired cached answer stand in? Yes for outages, no for "this testimonial is gone". */
  staleAllowed: boolean;
  /** The service's `Retry-After`, in milliseconds, when it asked the proxy to wait. */
  retryAfterMs?: number;
  /** A line for the site owner, when the failure is theirs to act on. */
  log?: string;
}

const PREFIX = 'testimonial proxy:';

const NOT_FOUND: UpstreamFailure = { status: 404, code: 'not_found', message: 'No such testimonial.', staleAllowed: false };

/** `ECONNREFUSED` and the like: Node's fetch says "fetch failed" and keeps the code in its cause. */
function networkCode(error: TestimonialApiError): string {
  const inner = (error.cause as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof inner?.code === 'string' ? inner.code : 'no connection';
}

export function describeUpstreamFailure(error: unknown): UpstreamFailure {
  // Pending and unknown ids (read-plans) get the same answer, so a visitor cannot tell that a pending one exists.
  if (error instanceof NotPublicError) return NOT_FOUND;
  // The proxy's own limits and its renderer are never reported as the service's fault.
  if (error instanceof ProxyBusyError) {
    return {
      status: 503,
      code: 'proxy_busy',
      message: 'The proxy is busy with other requests; try again shortly.',
      staleAllowed: true,
      retryAfterMs: error.retryAfterMs,
    };
  }
  if (error instanceof UpstreamRefusedError) return refused(error);
  if (error instanceof RenderFailure) {
    return {
      status: 500,
      code: 'render_failed',
      message: 'The proxy could not render this fragment; the site owner can find why in its log.',
      staleAllowed: true,
      log: `${PREFIX} ${error.message}`,
    };
  }
  if (error instanceof UpstreamShapeError) {
    return badGateway(`${PREFIX} the service answered something that is not the API's JSON (${error.message})`);
  }
  if (!(error instanceof TestimonialApiError)) {
    const detail = error instanceof Error ? error.name : typeof error;
    return badGateway(`${PREFIX} unexpected failure while asking the service (${detail})`);
  }
  const route = routeOf(error.method, error.url);
  switch (error.kind) {
    case 'timeout':
      return outage(
        504,
        'upstream_timeout',
        'The testimonial service did not answer in time.',
        `${PREFIX} no answer to ${route} within timeoutMs`,
      );
    case 'network':
      return outage(
        503,
        'upstream_unreachable',
        'The testimonial service cannot be reached right now.',
        `${PREFIX} cannot reach the service for ${route} (${networkCode(error)})`,
      );
    case 'aborted':
      return outage(503, 'upstream_unreachable', 'The testimonial service cannot be reached right now.', `${PREFIX} ${route} was aborted`);
    case 'invalid_response':
      return badGateway(
        error.code === REFUSED_ANSWER
          ? `${PREFIX} ${error.message}`
          : `${PREFIX} the service answered ${route} with something that is not the API's JSON`,
      );
    case 'http':
      return describeHttpFailure(error, route);
  }
}

function describeHttpFailure(error: TestimonialApiError, route: string): UpstreamFailure {
  const said = `the service answered HTTP ${error.status} to ${route}`;
  if (error.status === 404) {
    // Ids that the service does not know never get here (see read-plans): a 404 on a list or on the
    // links means the base URL is wrong.
    return badGateway(`${PREFIX} ${said}: is upstream its base URL ending in /v1?`);
  }
  if (error.status === 401 || error.status === 403) {
    return {
      ...badGateway(
        `${PREFIX} upstream rejected the API key (HTTP ${error.status} from ${route}): was it regenerated? Put the new key in TESTIMONIAL_API_KEY and restart the proxy.`,
      ),
      // A rotated key will not come back; but the old answers are still the site owner's public
      // testimonials, and serving them while the key is fixed is better than an empty wall.
      staleAllowed: true,
    };
  }
  if (error.status === 429) {
    const wait = error.retryAfterMs === undefined ? '' : ` and asked for ${Math.ceil(error.retryAfterMs / 1000)} s of quiet`;
    return {
      ...outage(
        503,
        'upstream_busy',
        'The testimonial service is busy; try again shortly.',
        `${PREFIX} the service rate-limited the proxy (HTTP 429 to ${route})${wait}; consider a longer cache TTL.`,
      ),
      retryAfterMs: error.retryAfterMs,
    };
  }
  return { ...badGateway(`${PREFIX} ${said}`), retryAfterMs: error.status === 503 ? error.retryAfterMs : undefined };
}

/** The proxy's own limits on upstream calls (upstream-admission): 429, the wait said, a stale copy welcome. */
function refused({ scope, retryAfterMs }: UpstreamRefusedError): UpstreamFailure {
  const seconds = Math.ceil(retryAfterMs / 1000);
  return scope === 'client'
    ? {
        status: 429,
        code: 'rate_limited',
        message: `Too many new questions from you in a short time; try again in ${seconds} s.`,
        staleAllowed: true,
        retryAfterMs,
      }
    : {
        status: 429,
        code: 'upstream_cap',
        message: `The proxy is asking the testimonial service as often as it may right now; try again in ${seconds} s.`,
        staleAllowed: true,
        retryAfterMs,
      };
}

function outage(status: 503 | 504, code: string, message: string, log: string): UpstreamFailure {
  return { status, code, message, staleAllowed: true, log };
}

function badGateway(log: string): UpstreamFailure {
  return {
    status: 502,
    code: 'upstream_error',
    message: 'The testimonial service gave an answer the proxy cannot use.',
    staleAllowed: true,
    log,
  };
}
