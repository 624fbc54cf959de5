/**
 * Templates whose static text is put together at run time, from the element's own constants (never
 * from data): for a family of static variants (a heading of each level, a rating row of each rating)
 * where writing each out would weigh in the entry, and binding the varying part would cost a marker
 * and a template more per card. Lit's `html` takes a template literal's strings (an array with `raw`)
 * and caches its parsed template by that array's identity, so each variant's array is made once.
 */
import { html, type TemplateResult } from 'lit';

/** `strings(key)` gives a variant's static text around its bindings; the result renders it with `values`. */
export function staticTemplates(strings: (key: string) => string[]): (key: string, ...values: unknown[]) => TemplateResult {
  const made = new Map<string, TemplateStringsArray>();
  return (key, ...values) => {
    let array = made.get(key);
    if (!array) {
      const parts = strings(key);
      array = Object.assign(parts, { raw: parts }) as unknown as TemplateStringsArray;
      made.set(key, array);
    }
    return html(array, ...values);
  };
}
