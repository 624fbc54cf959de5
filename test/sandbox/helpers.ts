/** Calls an in-process sandbox the way a client would, and reads the answer. */
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import type { ApiErrorBody, Testimonial, TestimonialList } from '../../src/client/types.js';

export const ORIGIN = 'http://sandbox.test';
export const KEY = 'sandbox-key';

export interface CallOptions {
  method?: string;
  /** A value is sent as JSON; a string is sent as it is. */
  body?: unknown;
  /** The Authorization header; `null` sends none. Default `Bearer sandbox-key`. */
  auth?: string | null;
  headers?: Record<string, string>;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export async function call<T = unknown>(sandbox: Sandbox, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const auth = options.auth === undefined ? `Bearer ${KEY}` : options.auth;
  if (auth !== null) headers.Authorization = auth;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await sandbox.fetch(new Request(`${ORIGIN}${path}`, { method: options.method ?? 'GET', headers, body }));
  const text = await response.text();
  const isJson = response.headers.get('Content-Type')?.includes('json');
  return { status: response.status, headers: response.headers, body: (isJson && text ? JSON.parse(text) : text) as T };
}

export async function list(sandbox: Sandbox, query = ''): Promise<TestimonialList> {
  const answer = await call<TestimonialList>(sandbox, `/v1/testimonials${query ? `?${query}` : ''}`);
  if (answer.status !== 200) throw new Error(`GET /v1/testimonials?${query} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Every testimonial of the sandbox, in the default order. */
export async function all(sandbox: Sandbox): Promise<Testimonial[]> {
  return (await list(sandbox, 'limit=1000')).testimonials;
}

export function errorOf(answer: Answer): ApiErrorBody['error'] {
  return (answer.body as ApiErrorBody).error;
}

export function sandbox(options: SandboxOptions = {}): Sandbox {
  return createSandbox({ now: new Date('2026-11-01T12:00:00Z'), ...options });
}
