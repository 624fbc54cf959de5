/**
 * Collapses CSS text: comments and runs of white space go, and so does white space around
 * `{ } ; , > <= >= = /`, after `:` and `(`, before `)` and `!important`; numbers lose a leading zero,
 * a product (`* .5`, `* var(…)`) its spaces, identifier attribute values their quotes. For our own style sheets only (no strings that
 * hold these characters): the script-tag build runs it over the `css` literals (scripts/cdn-build.ts),
 * the server over the styles it writes into declarative shadow roots, so both write the same CSS.
 * The result is not trimmed (a literal's part may sit next to an interpolation).
 */
export function minifyCss(text: string): string {
  return (
    text
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,>])\s*/g, '$1')
      .replace(/:\s+/g, ':')
      // Media query ranges (`width >= 36rem`) and `/` in values (`rgb(0 0 0 / 0.5)`) need no spaces.
      .replace(/\s*(<=?|>=|=|\/)\s*/g, '$1')
      .replace(/\s+!important/g, '!important')
      // `0.75rem` is `.75rem` (only after a separator: `10.5` and `${n}0.5` keep their digits).
      .replace(/([\s:,(/])0\.(\d)/g, '$1.$2')
      // `* .5` and `* (…)`, `* var(…)` need no spaces (no selector token starts with a digit, a dot
      // followed by one, a parenthesis or `var(`, so a universal selector is never touched), nor do
      // the insides of parentheses (`repeat( auto-fill, … )`).
      .replace(/\s\*\s(?=\.?\d|\(|var\()/g, '*')
      .replace(/\(\s+/g, '(')
      .replace(/\s+\)/g, ')')
      // [variant='quote'] is [variant=quote]: a value that is an identifier needs no quotes.
      .replace(/\[([\w-]+)='([a-zA-Z][\w-]*)'\]/g, '[$1=$2]')
      .replace(/;}/g, '}')
  );
}
