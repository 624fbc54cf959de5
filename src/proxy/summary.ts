/**
 * `GET /summary`: the count, average rating, star distribution, integrations and most recent customers
 * of the approved testimonials that match a few list filters. The service has no aggregate endpoint
 * (`total` counts one page), so the proxy walks the pages, once per cache period, and keeps only running
 * aggregates: one page (at most {@link LIMIT_MAX} testimonials) is held at a time.
 *
 * The cost is bounded: at most `maxPages` upstream pages of {@link LIMIT_MAX} (default 50, so 50,000
 * testimonials), each attempt within the proxy's `timeoutMs`. A project with more gets the summary of
 * its newest `maxPages × 1000` approved testimonials, marked `partial: true`, rather than an error or
 * a walk of minutes. At most `concurrency` walks run at once (default 2; see `work-gate.ts`), and the
 * filters are bounded as on every route (`checkQueryLimits`: tag count and length, `rating` 0–5), so
 * distinct questions cannot multiply walks without end.
 */
import {
  LIMIT_MAX,
  INTEGRATIONS,
  type Integration,
  type ListTestimonialsParams,
  type Testimonial,
  type TestimonialReadClient,
} from '../client/index.js';
import { safeUrl } from '../client/safe-url.js';
import {
  encodeSummaryQuery,
  parseSummaryQuery,
  SUMMARY_TAG_LENGTH_MAX,
  SUMMARY_TAGS_COUNTED,
  SUMMARY_TAGS_MAX,
  type SummaryCustomer,
  type SummaryData,
} from '../client/summary.js';
import { integerOption, MAX_CONCURRENCY, type ResolvedProxyOptions } from './options.js';
import { isApproved } from '../client/public-fields.js';
import { checkQueryLimits } from './query-limits.js';
import type { ReadPlan } from './read-plans.js';
import { WorkGate } from './work-gate.js';
import type { SummaryOptions } from './summary-options.js';

export type { SummaryOptions };

export const DEFAULT_SUMMARY_TTL_MS = 600_000;
export const DEFAULT_SUMMARY_MAX_PAGES = 50;
export const DEFAULT_SUMMARY_CONCURRENCY = 2;
export const MAX_SUMMARY_PAGES = 1000;
/** A name is a label in a badge, not a paragraph. */
const MAX_NAME_LENGTH = 80;

const STARS = ['1', '2', '3', '4', '5'] as const;

/**
 * The proxy's settings for the summary route: the same as every route's but the cache TTL (so
 * `Cache-Control` and freshness follow the summary's), the page bound and the walks' gate. Checked
 * when the proxy is made.
 */
export function summarySettings(
  settings: ResolvedProxyOptions,
  options: SummaryOptions = {},
): { settings: ResolvedProxyOptions; maxPages: number; gate: WorkGate } {
  const { ttlMs = DEFAULT_SUMMARY_TTL_MS, maxPages = DEFAULT_SUMMARY_MAX_PAGES } = options ?? {};
  const concurrency = integerOption('summary.concurrency', options?.concurrency, DEFAULT_SUMMARY_CONCURRENCY, 1, MAX_CONCURRENCY);
  if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs < 0) {
    throw new TypeError(`createProxy: summary.ttlMs must be a number ≥ 0; got ${String(ttlMs)}.`);
  }
  if (!Number.isInteger(maxPages) || maxPages < 1 || maxPages > MAX_SUMMARY_PAGES) {
    throw new TypeError(`createProxy: summary.maxPages must be an integer from 1 to ${MAX_SUMMARY_PAGES}; got ${String(maxPages)}.`);
  }
  return {
    settings: { ...settings, cache: { ...settings.cache, ttlMs } },
    maxPages,
    gate: new WorkGate('summary walks', concurrency, settings.busyWaitMs),
  };
}

/** The read plan of one summary question; an invalid question throws before anything is sent. */
export function summaryPlan(client: TestimonialReadClient, search: URLSearchParams, maxPages: number, gate: WorkGate): ReadPlan {
  checkQueryLimits(search);
  const query = parseSummaryQuery(search);
  return {
    key: `/summary?${encodeSummaryQuery(query)}`,
    load: () => gate.run(() => computeSummary(client, query.filters, query.avatars, maxPages)),
  };
}

/**
 * Walks the approved testimonials newest first, a page of {@link LIMIT_MAX} at a time, into a summary.
 * A testimonial added during the walk pushes the others one place down, so an id seen on the page before
 * is not counted twice (only that page's ids are remembered, so memory stays one page's worth).
 */
export async function computeSummary(
  client: TestimonialReadClient,
  filters: ListTestimonialsParams,
  avatars: number,
  maxPages: number,
): Promise<SummaryData> {
  const totals = new SummaryTotals(avatars);
  const params: ListTestimonialsParams = { ...filters, approved: true, sort: 'date', order: 'desc', limit: LIMIT_MAX };
  let previousIds = new Set<string>();
  let pages = 0;
  let partial = false;
  for await (const page of client.paginate(params, { maxPages })) {
    const ids = new Set<string>();
    for (const testimonial of page.testimonials) {
      // The proxy asked for approved ones only; a service that ignored it must not have pending ones counted.
      if (!isApproved(testimonial) || typeof testimonial.id !== 'string' || previousIds.has(testimonial.id)) continue;
      ids.add(testimonial.id);
      totals.add(testimonial);
    }
    previousIds = ids;
    // Stop at the bound without asking for the next page; a full last page means there may be more.
    if (++pages === maxPages) {
      partial = page.total >= LIMIT_MAX;
      break;
    }
  }
  return totals.summary(partial);
}

/** The running aggregates of a walk: a few numbers and the first `avatars` customers. */
class SummaryTotals {
  private count = 0;
  private rated = 0;
  private ratingSum = 0;
  private readonly stars = [0, 0, 0, 0, 0];
  private readonly integrations = new Map<Integration, number>();
  private readonly tags = new Map<string, number>();
  private readonly recent: SummaryCustomer[] = [];
  private readonly names = new Set<string>();

  constructor(private readonly avatars: number) {}

  add(testimonial: Testimonial): void {
    this.count++;
    const { rating, integration } = testimonial as { rating: unknown; integration: unknown };
    if (typeof rating === 'number' && Number.isFinite(rating) && rating > 0) {
      const clamped = Math.min(rating, STARS.length);
      this.rated++;
      this.ratingSum += clamped;
      this.stars[Math.max(1, Math.round(clamped)) - 1]!++;
    }
    if ((INTEGRATIONS as readonly unknown[]).includes(integration)) {
      const known = integration as Integration;
      this.integrations.set(known, (this.integrations.get(known) ?? 0) + 1);
    }
    this.addTags(testimonial.tags as unknown);
    if (this.recent.length < this.avatars) this.addCustomer(testimonial);
  }

  /** Counts each tag once per testimonial; names past the bounds (too long, too many) are not counted. */
  private addTags(tags: unknown): void {
    if (!Array.isArray(tags)) return;
    for (const tag of new Set(tags)) {
      if (typeof tag !== 'string' || tag.trim() === '' || tag.length > SUMMARY_TAG_LENGTH_MAX) continue;
      const count = this.tags.get(tag);
      if (count !== undefined) this.tags.set(tag, count + 1);
      else if (this.tags.size < SUMMARY_TAGS_COUNTED) this.tags.set(tag, 1);
    }
  }

  private addCustomer({ customer_name: name, customer_avatar: avatar }: Testimonial): void {
    const label = typeof name === 'string' ? name.trim().slice(0, MAX_NAME_LENGTH).trim() : '';
    if (label === '' || this.names.has(label)) return;
    this.names.add(label);
    this.recent.push({ name: label, avatar: safeUrl(avatar, 'image') ?? null });
  }

  summary(partial: boolean): SummaryData {
    const integrations = mostFirst(this.integrations);
    return {
      count: this.count,
      rated: this.rated,
      average: this.rated ? Math.round((this.ratingSum / this.rated) * 100) / 100 : null,
      distribution: Object.fromEntries(STARS.map((star, index) => [star, this.stars[index]!])) as SummaryData['distribution'],
      integrations: Object.fromEntries(integrations),
      tags: Object.fromEntries(mostFirst(this.tags).slice(0, SUMMARY_TAGS_MAX)),
      recent: this.recent,
      partial,
    };
  }
}

/** A count's entries, most first, ties by name (so equal walks give equal answers). */
function mostFirst<K extends string>(counts: Map<K, number>): [K, number][] {
  return [...counts].sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : 1));
}
