/**
 * The custom-elements-manifest analyzer's configuration (`npm run build` passes it with `--config`).
 *
 * The elements declare their reactive properties in `static properties` (no decorators: they cost the
 * script-tag build about 0.8 KB gzip). The analyzer's Lit support then lists every entry as an
 * attribute, internal state (`state: true`) and `@internal` properties included; the plugin below
 * takes those out again, so the manifest, the README reference and the framework typings show only
 * the public API.
 */
export default {
  globs: ['src/elements/**/*.ts'],
  exclude: ['src/elements/**/define.ts'],
  outdir: '.',
  litelement: true,
  plugins: [publicPropertiesOnly()],
};

function publicPropertiesOnly() {
  /** Class name → names of its properties that are not public API. */
  const hidden = new Map();
  return {
    name: 'public-properties-only',
    analyzePhase({ ts, node }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const names = new Set();
      for (const member of node.members) {
        const name = member.name && ts.isIdentifier(member.name) ? member.name.text : undefined;
        if (!name) continue;
        const internal = ts.getJSDocTags(member).some((tag) => tag.tagName.text === 'internal');
        if (internal) names.add(name);
        const isStaticProperties =
          ts.isPropertyDeclaration(member) &&
          name === 'properties' &&
          member.initializer &&
          ts.isObjectLiteralExpression(member.initializer);
        if (!isStaticProperties) continue;
        for (const entry of member.initializer.properties) {
          const options = ts.isPropertyAssignment(entry) && ts.isObjectLiteralExpression(entry.initializer) ? entry.initializer : undefined;
          const state = options?.properties.some(
            (option) =>
              ts.isPropertyAssignment(option) && option.name.getText() === 'state' && option.initializer.kind === ts.SyntaxKind.TrueKeyword,
          );
          if (state) names.add(entry.name.getText());
        }
      }
      if (names.size) hidden.set(node.name.text, names);
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const module of customElementsManifest.modules) {
        for (const declaration of module.declarations ?? []) {
          const names = hidden.get(declaration.name);
          if (!names) continue;
          declaration.attributes = declaration.attributes?.filter((attribute) => !names.has(attribute.fieldName));
          declaration.members = declaration.members
            ?.filter((member) => !(names.has(member.name) && member.privacy !== 'private'))
            .map((member) => {
              if (!names.has(member.name)) return member;
              const { attribute: _attribute, ...rest } = member;
              return rest;
            });
        }
      }
    },
  };
}
