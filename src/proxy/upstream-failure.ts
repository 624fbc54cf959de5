/**
 * What a browser is told when the service fails, and what the site owner reads in the log. Browsers get
 * a status and a sentence of ours, never the service's body, message or a stack; the log line says what
 * to do, and never holds the key (the client never puts it in a URL or a message, and the proxy's
 * logger strips it anyway).
 */
import { TestimonialApiError } from '../client/index.js';
import { NotPublicError, UpstreamShapeError } from './public-fields.js';

export interface UpstreamFailure {
  status: 404 | 502 | 503 | 504;
  code: string;
  message: string;
  /** May an expired cached answer stand in? Yes for outages, no for "this testimonial is gone". */
  staleAllowed: boolean;
  /** A line for the site owner, when the failure is theirs to act on. */
  log?: string;
}

const PREFIX = 'testimonial proxy:';

const NOT_FOUND: UpstreamFailure = { status: 404, code: 'not_found', message: 'No such testimonial.', staleAllowed: false };

export function describeUpstreamFailure(error: unknown): UpstreamFailure {
  // Pending and unknown ids (read-plans) get the same answer, so a visitor cannot tell that a pending one exists.
  if (error instanceof NotPublicError) return NOT_FOUND;
  if (error instanceof UpstreamShapeError) {
    return badGateway(`${PREFIX} the service answered something that is not the API's JSON (${error.message})`);
  }
  if (!(error instanceof TestimonialApiError)) {
    const detail = error instanceof Error ? error.message : String(error);
    return badGateway(`${PREFIX} unexpected failure while asking the service: ${detail}`);
  }
  switch (error.kind) {
    case 'timeout':
      return outage(504, 'upstream_timeout', 'The testimonial service did not answer in time.', error);
    case 'network':
    case 'aborted':
      return outage(503, 'upstream_unreachable', 'The testimonial service cannot be reached right now.', error);
    case 'invalid_response':
      return badGateway(`${PREFIX} ${error.method} ${error.url}: the service answered something that is not the API's JSON`);
    case 'http':
      return describeHttpFailure(error);
  }
}

function describeHttpFailure(error: TestimonialApiError): UpstreamFailure {
  const where = `${error.method} ${error.url}`;
  if (error.status === 404) {
    // Ids that the service does not know never get here (see read-plans): a 404 on a list or on the
    // links means the base URL is wrong.
    return badGateway(`${PREFIX} the service answered 404 to ${where}: is upstream its base URL ending in /v1?`);
  }
  if (error.status === 401 || error.status === 403) {
    return {
      ...badGateway(
        `${PREFIX} upstream rejected the API key (HTTP ${error.status} from ${where}): was it regenerated? Put the new key in TESTIMONIAL_API_KEY and restart the proxy.`,
      ),
      // A rotated key will not come back; but the old answers are still the site owner's public
      // testimonials, and serving them while the key is fixed is better than an empty wall.
      staleAllowed: true,
    };
  }
  if (error.status === 429) {
    return {
      ...outage(503, 'upstream_busy', 'The testimonial service is busy; try again shortly.', error),
      log: `${PREFIX} the service rate-limited the proxy (HTTP 429 from ${where}); consider a longer cache TTL.`,
    };
  }
  return badGateway(`${PREFIX} ${error.message}`);
}

/** The service could not be asked: the cause (never its body) goes to the log. */
function outage(status: 503 | 504, code: string, message: string, error: TestimonialApiError): UpstreamFailure {
  return { status, code, message, staleAllowed: true, log: `${PREFIX} ${error.message}` };
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
