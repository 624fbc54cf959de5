/**
 * The form's side of the collect route's token: fetched on the visitor's first interaction (not on
 * load: a page view that never touches the form costs the proxy nothing), shared by the uploads and the
 * submission, and replaced, silently, when the route refuses it (used, expired, too fresh, invalid).
 */
import { startCollect, TOKEN_CODES, type CollectForm } from '../../client/collect.js';
import { TestimonialApiError } from '../../client/errors.js';

export class CollectSession {
  private pending: Promise<CollectForm> | undefined;
  /** The route's answer once it came. */
  form: CollectForm | undefined;

  constructor(
    private readonly endpoint: () => string,
    private readonly changed: () => void,
  ) {}

  /** The form's settings and a token: the one already fetched, or a new one (a failure is forgotten). */
  ready(signal?: AbortSignal): Promise<CollectForm> {
    this.pending ??= startCollect(this.endpoint(), { signal }).then(
      (form) => {
        this.form = form;
        this.changed();
        return form;
      },
      (error: unknown) => {
        this.pending = undefined;
        throw error;
      },
    );
    return this.pending;
  }

  /** Forgets the token (a refused one) and fetches another. */
  renew(signal?: AbortSignal): Promise<CollectForm> {
    this.pending = undefined;
    return this.ready(signal);
  }

  /**
   * Runs `call` with the token; when the route refuses the token, once more with a new one. For calls
   * that may simply be repeated (an upload ticket); a submission tells the visitor instead.
   */
  async withToken<T>(call: (token: string) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const { token } = await this.ready(signal);
    try {
      return await call(token);
    } catch (error) {
      if (!isTokenRefusal(error)) throw error;
      return call((await this.renew(signal)).token);
    }
  }
}

/** Whether the route refused the form token (a new one fixes it). */
export const isTokenRefusal = (error: unknown): boolean => error instanceof TestimonialApiError && TOKEN_CODES.includes(error.code ?? '');
