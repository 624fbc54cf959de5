/**
 * JSON for a `<script>` element's text: a data island (`<script type="application/json">`) or JSON-LD
 * (`<script type="application/ld+json">`).
 *
 * A script element's text ends at the first `</script` whatever the JSON means, and `<!--` followed by
 * `<script` switches the HTML tokenizer into its "script data escaped" states, where a later `</script>`
 * is swallowed. Text from the API may hold either. So `<`, `>` and `&` are written as the JSON escapes
 * `\u003c`, `\u003e` and `\u0026`: the text of the element then never holds `<` at all, and what
 * `JSON.parse` reads back is exactly the original value. U+2028 and U+2029 are escaped as well: they are
 * valid in JSON but end a line in older JavaScript parsers that some tools still feed JSON-LD to.
 */

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

function escapeOne(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * `JSON.stringify(value)`, safe to place between `<script type="application/json">` (or `ld+json`)
 * and `</script>`. Throws like `JSON.stringify` on a cycle or a BigInt, and on a value that has no
 * JSON text (`undefined`, a function), rather than writing an empty island.
 */
export function scriptJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('scriptJson: the value has no JSON form (undefined or a function).');
  return json.replace(UNSAFE_IN_SCRIPT, escapeOne);
}
