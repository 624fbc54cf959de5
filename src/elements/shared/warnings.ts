/**
 * The one way every element tells a developer about a problem: a console warning
 * `[tag] TE-CODE: sentence`, shown once per element and code, so a page never breaks and its console
 * never floods (a card re-rendered a thousand times with a bad attribute says so once). An invalid
 * attribute value is always `TE-INVALID-<ATTRIBUTE>`, names the value and what is used instead; the
 * element then carries on with the documented default. README lists the codes.
 */

/** Receives a warning's code and sentence (an element's own `warn`, or a collector in tests). */
export type WarnFn = (code: string, message: string) => void;

const shown = new WeakMap<object, Set<string>>();

/**
 * Warns about `element` on the console (`[testimonial-card] TE-INVALID-VARIANT: variant="big" is not one
 * of …`), unless it already warned with this code.
 */
export function warn(element: Element, code: string, message: string): void {
  const codes = shown.get(element) ?? new Set();
  shown.set(element, codes);
  if (!codes.has(code)) console.warn(`[${element.localName}] ${code}: ${message}`);
  codes.add(code);
}

/**
 * Reports an attribute whose value is not usable: `TE-INVALID-<ATTRIBUTE>`, the value as markup writes
 * it (a list comma-separated), the rule, the fallback.
 */
export function warnInvalid(report: WarnFn, attribute: string, value: unknown, rule: string, fallback: string): void {
  report(`TE-INVALID-${attribute.toUpperCase()}`, `${attribute}="${value}" ${rule}; using ${fallback}.`);
}

/** One of `allowed`, or `fallback` (with a warning when the attribute holds something else). */
export function pickOption<T extends string, F extends T | undefined>(
  report: WarnFn,
  attribute: string,
  value: unknown,
  allowed: readonly T[],
  fallback: F,
): T | F {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  warnInvalid(report, attribute, value, `is not one of ${allowed.join(', ')}`, fallback ?? allowed[0]!);
  return fallback;
}

/**
 * A whole number from `min` to `max`, from attribute text (`"2"`) or a number; else `undefined` (the
 * default) with a warning.
 */
export function pickCount(report: WarnFn, attribute: string, value: unknown, min: number, max = Infinity): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const count = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof count === 'number' && Number.isInteger(count) && count >= min && count <= max) return count;
  const range = max === Infinity ? `of at least ${min}` : `from ${min} to ${max}`;
  warnInvalid(report, attribute, value, `must be a whole number ${range}`, 'the default');
  return undefined;
}
