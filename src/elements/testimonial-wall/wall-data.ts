/**
 * The wall's data: the first page of a question, further pages on demand, and honest states.
 *
 * Every request carries an AbortSignal. Asking a new question aborts the request of the old one (and a
 * late answer to it is dropped), and so does leaving the page: a wall taken out of the document while
 * its request is in flight picks the request up again when it is put back.
 */
import type { ReactiveControllerHost } from 'lit';
import type { WidgetReadClient } from '../../client/index.js';
import type { ListTestimonialsParams, Testimonial, TestimonialList } from '../../client/types.js';
import { FetchController } from '../shared/fetch-controller.js';
import { WallFeed } from './wall-feed.js';
import { pageSize } from './wall-options.js';

/** `idle`: nothing asked (given data, or no endpoint); the others describe the first page. */
export type WallStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The state of the request for a further page. */
export type MoreStatus = 'idle' | 'loading' | 'error';

export interface WallDataCallbacks {
  /** A page arrived; `testimonials` are the ones it added (those already shown are left out). */
  onPage(testimonials: Testimonial[], page: number): void;
  /** A request failed (not when it was aborted on purpose). */
  onError(error: unknown, page: number): void;
}

interface Question {
  readonly client: WidgetReadClient;
  readonly params: ListTestimonialsParams;
}

export class WallData {
  status: WallStatus = 'idle';
  moreStatus: MoreStatus = 'idle';
  /** The error of the failed request, first page or further page. */
  error: unknown = undefined;
  feed: WallFeed | undefined;

  private question: Question | undefined;
  /** The page the request in flight (or last answered) asks for. */
  private askedPage = 1;
  /** The one request at a time: aborted when a new one starts, and asked again after leaving the page. */
  private readonly pageRequest: FetchController<TestimonialList>;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly wallHooks: WallDataCallbacks,
  ) {
    this.pageRequest = new FetchController(host, (request) => this.onAnswer(request));
  }

  /** Whether `loadMore()` would ask for something. */
  get canLoadMore(): boolean {
    return this.status === 'ready' && this.moreStatus !== 'loading' && (this.feed?.hasMore ?? false);
  }

  /**
   * Asks a new question (first page); whatever was in flight is aborted and forgotten. `firstPage`, when
   * given (the page a server rendered the wall from), is the answer: no request, and it arrives now.
   */
  load(client: WidgetReadClient, params: ListTestimonialsParams, firstPage?: TestimonialList): Promise<void> {
    this.question = { client, params };
    this.feed = new WallFeed(params.page ?? 1, pageSize(params));
    this.status = 'loading';
    this.moreStatus = 'idle';
    this.error = undefined;
    if (!firstPage) return this.fetchPage(this.feed.nextPage);
    this.askedPage = this.feed.nextPage;
    this.onAnswer({ status: 'complete', value: firstPage });
    return Promise.resolve();
  }

  /** Drops the question and its data (the wall was given its testimonials, or lost its endpoint). */
  clear(): void {
    void this.pageRequest.request(undefined);
    this.question = undefined;
    this.feed = undefined;
    this.status = 'idle';
    this.moreStatus = 'idle';
    this.error = undefined;
    this.host.requestUpdate();
  }

  /** Fetches the next page, unless there is none or one is on its way. */
  loadMore(): Promise<void> {
    if (!this.canLoadMore || !this.feed) return Promise.resolve();
    this.moreStatus = 'loading';
    this.error = undefined;
    return this.fetchPage(this.feed.nextPage);
  }

  /** Repeats the request that failed. */
  retry(): Promise<void> {
    if (!this.question || !this.feed) return Promise.resolve();
    if (this.feed.isEmpty) return this.load(this.question.client, this.question.params);
    this.moreStatus = 'idle';
    return this.loadMore();
  }

  private fetchPage(page: number): Promise<void> {
    // Read as members, not destructured: a destructured name is a key the build cannot shorten.
    const question = this.question;
    const feed = this.feed;
    if (!question || !feed) return Promise.resolve();
    this.askedPage = page;
    // The first page is asked exactly as the attributes say, so walls with the same attributes ask
    // the same question (one shared request); only later pages name their number.
    const params = feed.isEmpty ? question.params : { ...question.params, page };
    // A key of its own for every call: each is a new request, a retry of the same page included.
    return this.pageRequest.request({ page }, (signal) => question.client.listTestimonials(params, { signal }));
  }

  private onAnswer({ status, value, error }: Pick<FetchController<TestimonialList>, 'status' | 'value'> & { error?: unknown }): void {
    const feed = this.feed;
    const page = this.askedPage;
    if (!feed) return;
    if (status === 'complete' && value) {
      const fresh = feed.add(page, value.testimonials);
      this.status = 'ready';
      this.moreStatus = 'idle';
      this.wallHooks.onPage(fresh, page);
    } else {
      this.error = error;
      if (feed.isEmpty) this.status = 'error';
      else this.moreStatus = 'error';
      this.wallHooks.onError(error, page);
    }
  }
}
