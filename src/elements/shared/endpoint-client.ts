/**
 * One API client per endpoint for every element on the page. The client shares identical GETs that
 * are in flight, so widgets that ask the same question of the same endpoint share one request — as
 * long as they share the client, which this module guarantees.
 */
import { createWidgetClient, type WidgetReadClient } from '../../client/client.js';

const clients = new Map<string, WidgetReadClient>();

/**
 * The absolute form of an `endpoint` attribute, without a trailing slash, so `/api`, `/api/` and
 * `https://this.site/api` are one endpoint. Throws a `TypeError` naming the value when it is empty or
 * not an http(s) URL.
 */
export function resolveEndpoint(endpoint: string): string {
  const trimmed = typeof endpoint === 'string' ? endpoint.trim() : '';
  if (trimmed === '') throw new TypeError('endpoint is empty: set it to your proxy\'s base URL, for example "/api".');
  let url: URL;
  try {
    url = new URL(trimmed, document.baseURI);
  } catch {
    throw new TypeError(`endpoint "${trimmed}" is not a valid URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`endpoint "${trimmed}" must be an http(s) URL.`);
  }
  url.hash = '';
  return url.href.replace(/\/+$/, '');
}

/** The page-wide client of an endpoint (its base URL resolved against the document). */
export function clientForEndpoint(endpoint: string): WidgetReadClient {
  const baseUrl = resolveEndpoint(endpoint);
  let client = clients.get(baseUrl);
  if (!client) {
    client = createWidgetClient(baseUrl);
    clients.set(baseUrl, client);
  }
  return client;
}
