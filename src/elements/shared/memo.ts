/**
 * `memo([a, b, c], () => template)`: renders the template only when one of the values changed since
 * this part's last render (compared with `===`), and otherwise leaves the part as it is, so Lit does
 * not walk into it at all. What the wall's slices need: revealing the next slice costs its own cards,
 * not a check of every card already shown (DESIGN performance rules).
 *
 * Lit's `guard` does the same and also takes a single value and copies the list; our callers always
 * pass a new list of the same length, so this smaller directive is all they need.
 */
import { noChange } from 'lit';
import { Directive, directive, type DirectiveResult } from 'lit/directive.js';

class MemoDirective extends Directive {
  /** The values of the last render; `undefined` before the first. */
  private shownValues: readonly unknown[] | undefined;

  render(_values: readonly unknown[], template: () => unknown): unknown {
    return template();
  }

  override update(_part: unknown, [values, template]: [readonly unknown[], () => unknown]): unknown {
    const previous = this.shownValues;
    if (previous && values.every((value, i) => value === previous[i])) return noChange;
    this.shownValues = values;
    return template();
  }
}

/** The directive's type written out: inferred, the published declarations would name `lit-html`, which only `lit` depends on. */
export type MemoFunction = (values: readonly unknown[], template: () => unknown) => DirectiveResult<typeof MemoDirective>;

export const memo: MemoFunction = directive(MemoDirective);
