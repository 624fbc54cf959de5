/**
 * How `<testimonial-summary>` asks the proxy's `GET /summary`: the filters from its attributes in a
 * fixed order (so equal questions are equal URLs), one request per URL for every summary on the page
 * while it is in flight, an AbortSignal per caller, and the proxy's own error sentence when it refuses.
 * The attributes are not validated here: the proxy does, with the list's rules, and its 400 names the field.
 */
import { InflightRequests } from '../../client/inflight.js';
import type { SummaryData } from '../../client/summary.js';

/** The attributes that filter a summary, in the order they go into the query string. */
export const SUMMARY_FILTERS = ['type', 'integration', 'tags', 'lang', 'rating'] as const;

export type SummaryFilters = Partial<Record<(typeof SUMMARY_FILTERS)[number], unknown>>;

const shared = new InflightRequests();

/** `${baseUrl}/summary?…` for these filters; `tags` is a comma list, as in the wall's attribute. */
export function summaryUrl(baseUrl: string, filters: SummaryFilters, avatars: number): string {
  const query = new URLSearchParams();
  for (const key of SUMMARY_FILTERS) {
    const raw = filters[key];
    const value = raw == null ? '' : String(raw).trim();
    if (value) query.set(key, value);
  }
  query.set('avatars', String(avatars));
  return `${baseUrl}/summary?${query}`;
}

function isSummary(value: unknown): value is SummaryData {
  const summary = value as SummaryData | null;
  return typeof summary?.count === 'number' && typeof summary.distribution === 'object' && Array.isArray(summary.recent);
}

async function load(url: string, signal: AbortSignal): Promise<SummaryData> {
  const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
    throw new Error(typeof message === 'string' ? message : `the proxy answered HTTP ${response.status}.`);
  }
  if (!isSummary(body)) throw new Error('the proxy answered something that is not a summary.');
  return body;
}

/** The summary at `url`, sharing the request with every caller asking for the same URL meanwhile. */
export function fetchSummary(url: string, signal: AbortSignal): Promise<SummaryData> {
  return shared.run(url, signal, (sharedSignal) => load(url, sharedSignal));
}
