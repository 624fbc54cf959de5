/**
 * The names of our `private` (and `protected`) class members that the script-tag build may shorten (Terser's property
 * mangling): ~0.3 KB gzip of the entry is long private names (`skeletonForLayout`, `setUpMovingLayout`…).
 *
 * Property mangling renames every property of a name, wherever it occurs, so a name is picked only when
 * nothing but our own class bodies can reach it. A private member qualifies when, in all our sources:
 * - it is only ever read or written as `this.name` (never `other.name`, an object key, a destructured
 *   key, an interface field, or a non-private member of another class: those reach code or data we do
 *   not rename, such as API JSON, event details, options objects or Lit's reactive properties);
 * - no string names it (`changed.has('name')`, `el[name]` with a string, lists of names, a Lit
 *   template's `.name=` property binding; the words of prose, CSS or markup name nothing);
 * - it is not a word of the platform's or a bundled library's code or types (`foreign`: the names TypeScript's
 *   lib `.d.ts` files declare and the bundled node_modules code), so no DOM, Lit or hls.js name is ever touched.
 *
 * Terser itself also keeps every name of its own list of DOM properties (`terser/tools/domprops.js`, which
 * its package does not export), whatever this list says: the wall's `firstPage` stayed whole for that (now
 * `serverPage`). A private name the build leaves long may be one of those.
 */
import ts from 'typescript';

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;
/** One identifier, or a list of them (`'a b'.split(' ')`, `'a, b'`): text that may name properties. */
const NAME_LIST = /^[\s,]*[A-Za-z_$][\w$]*(?:[\s,]+[A-Za-z_$][\w$]*)*[\s,]*$/;
/** A Lit property binding in a template's markup (`.testimonial=${…}`): it sets the property by that name. */
const PROPERTY_BINDING = /\.([A-Za-z_$][\w$]*)\s*=/g;

/**
 * The names a string can reach: all its words when it is a name or a list of names, and the properties
 * its markup binds (`.name=`). Other prose, CSS, URLs and markup name nothing (a sentence's "could not
 * load" or a part's `part="retry"` are not property accesses).
 */
function namesIn(text: string): string[] {
  if (NAME_LIST.test(text)) return text.match(IDENTIFIER) ?? [];
  return [...text.matchAll(PROPERTY_BINDING)].map((match) => match[1]!);
}

/**
 * Whether `node` is a key of a Lit element's `static properties` that declares internal state
 * (`failedImages: { state: true }`): it names the class's own private member, for which Lit makes the
 * accessor by that key, with no attribute and no event; renamed with the member, both stay one name.
 */
function declaresLitState(node: ts.Node): boolean {
  const declarations = node.parent;
  const owner = declarations?.parent;
  return (
    ts.isPropertyAssignment(node) &&
    ts.isObjectLiteralExpression(node.initializer) &&
    node.initializer.properties.some(
      (option) =>
        ts.isPropertyAssignment(option) && nameOf(option.name) === 'state' && option.initializer.kind === ts.SyntaxKind.TrueKeyword,
    ) &&
    owner !== undefined &&
    ts.isPropertyDeclaration(owner) &&
    nameOf(owner.name) === 'properties' &&
    (ts.getCombinedModifierFlags(owner) & ts.ModifierFlags.Static) !== 0
  );
}

const nameOf = (name: ts.PropertyName | ts.BindingName | ts.MemberName | undefined): string | undefined =>
  name && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name))
    ? name.text
    : undefined;

export function shortenablePrivateNames(sources: readonly { fileName: string; text: string }[], foreign: readonly string[]): string[] {
  const privates = new Set<string>();
  const reachable = new Set<string>();
  for (const { fileName, text } of sources) {
    const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
        for (const word of namesIn(node.text)) reachable.add(word);
      } else if (
        ts.isPropertyDeclaration(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isGetAccessorDeclaration(node) ||
        ts.isSetAccessorDeclaration(node) ||
        ts.isParameter(node)
      ) {
        // A member of a class or an object literal; of parameters, only `constructor(private x)` is one.
        const name = nameOf(node.name);
        const member = !ts.isParameter(node) || ts.isParameterPropertyDeclaration(node, node.parent);
        // `protected` too: a base element's members are reached as `this.name` from its subclasses alone.
        const isPrivate = (ts.getCombinedModifierFlags(node) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0;
        if (name !== undefined && member) (isPrivate ? privates : reachable).add(name);
      } else if (ts.isPropertyAccessExpression(node)) {
        if (node.expression.kind !== ts.SyntaxKind.ThisKeyword) reachable.add(node.name.text);
      } else if (
        ts.isPropertyAssignment(node) ||
        ts.isShorthandPropertyAssignment(node) ||
        ts.isPropertySignature(node) ||
        ts.isMethodSignature(node) ||
        ts.isBindingElement(node) ||
        ts.isEnumMember(node)
      ) {
        const key = ts.isBindingElement(node) ? (node.propertyName ?? node.name) : node.name;
        const name = nameOf(key);
        if (name !== undefined && !declaresLitState(node)) reachable.add(name);
      } else if (ts.isQualifiedName(node)) {
        reachable.add(node.right.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const foreignWords = new Set<string>();
  for (const text of foreign) for (const word of text.match(/[A-Za-z_$][\w$]*/g) ?? []) foreignWords.add(word);
  return [...privates].filter((name) => !reachable.has(name) && !foreignWords.has(name)).sort();
}
