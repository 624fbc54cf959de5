/**
 * The `css` tag of every element's styles: Lit's, less its check at run time that each value is a CSS
 * result or a number, which the types here make at compile time instead (that check's function and
 * message were about 0.1 KB gzip of the entry). A value is written as its text, as Lit writes it;
 * no value from data ever reaches a style sheet.
 */
import { unsafeCSS, type CSSResult } from 'lit';

export const css = (strings: TemplateStringsArray, ...values: ReadonlyArray<CSSResult | number>): CSSResult =>
  unsafeCSS(strings.reduce((text, string, index) => text + values[index - 1] + string));
