/**
 * The import graph of the TypeScript sources under a folder: every `import` and `export … from`,
 * type-only ones included (a type-only circle still ties two modules together for whoever reads or
 * moves them), and `import()` expressions when asked. Relative specifiers only: packages are not nodes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, string[]>;

/** The module a relative specifier names: `./x.js` is `./x.ts` (or `.tsx`) on disk. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base, join(base, 'index.ts')];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
}

/** Every module a source names, relative or a package: imports, re-exports, and `import()` when asked. */
export function moduleSpecifiers(text: string, { dynamic = false } = {}): string[] {
  return ts.preProcessFile(text, true, dynamic).importedFiles.map((reference) => reference.fileName);
}

/** The modules under `dir` (paths relative to it) and the modules of ours each imports. */
export function importGraph(dir: string, { dynamic = false } = {}): ImportGraph {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => join(dir, file));
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = moduleSpecifiers(readFileSync(file, 'utf8'), { dynamic })
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target): target is string => target !== undefined);
    graph.set(relative(dir, file), [...new Set(targets.map((target) => relative(dir, target)))]);
  }
  return graph;
}

/** The circles of the graph: its strongly connected components of more than one module, or a module importing itself (Tarjan). */
export function importCircles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return circles;
}
