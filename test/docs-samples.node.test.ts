/**
 * The code samples of README and docs/*.md, run or type-checked as they are written:
 *
 * - `sh`: every command that talks to the sandbox, the proxy or the demo's API (`127.0.0.1:8787`,
 *   `127.0.0.1:8788`, `localhost:5173/api`) runs in a shell against a sandbox and a proxy started here
 *   on free ports (the addresses rewritten to theirs, `npx testimonial-elements` to the sources' CLI,
 *   `curl` failing on an HTTP error, `TESTIMONIAL_ID` a sandbox testimonial's id), and must exit 0 with
 *   output. Not run: installs, `npm start`/`npm test` themselves, a server started in the background,
 *   and commands that need the real service or a host of yours (`YOUR-SERVICE`, `...`, `example.com`).
 * - `ts` and `js`: type-checked together against the sources (`testimonial-elements/*` mapped to
 *   `src/`, the script-tag URL to `src/cdn.ts`), with a few names that fragments use unexplained
 *   (`signal`, `testimonial`…) declared; in `js`, only what would fail to run (syntax, a missing
 *   module, export or name). Not here: a block whose info string is `ts fragment` (elided on purpose,
 *   "// … every key"), the recipes after `<!-- recipe:… -->` (run by test/ssr/recipes.node.test.ts)
 *   and the Next.js app's files (`// app/…`, `next.config.mjs`: built by
 *   test/package/package.node.test.ts). `tsx`, `astro`, `php` and `http` blocks are not
 *   checked here (the CSP's `http` lines by test/package/package.node.test.ts), nor is `html` but the
 *   live examples (test/docs.node.test.ts).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import ts from 'typescript';
import { codeBlocks, docPages, ROOT } from '../scripts/docs-site.js';
import { serveProxy, type ServedProxy } from '../src/node/proxy-server.js';
import { serveSandbox, type SandboxServer } from '../src/node/sandbox-server.js';

const files = () => ['README.md', ...docPages().map((page) => page.file)];
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** Every fenced block of README and docs/, with the file and what comes right before it. */
function samples(): Array<{ file: string; lang: string; flags: string[]; text: string; recipe: boolean }> {
  return files().flatMap((file) => {
    const markdown = read(file);
    return codeBlocks(markdown).map((block) => {
      const at = markdown.indexOf(`\n${block.text}\n`);
      const recipe = /<!-- recipe:[\w-]+ -->\n```\w*$/.test(markdown.slice(Math.max(0, at - 200), at));
      const [lang = '', ...flags] = block.lang.split(/\s+/);
      return { file, lang, flags, text: block.text, recipe };
    });
  });
}

/** Syntax aside (codes below 2000), what fails a JavaScript sample: no such module, export, name or property. */
const JS_ERRORS = new Set([2304, 2305, 2307, 2339, 2551, 2552, 2614, 2724]);

const LOCAL = /127\.0\.0\.1:878[78]|localhost:5173\/api/;
const NOT_RUNNABLE = /\.\.\.|YOUR-SERVICE|example\.com|^npm (i|install|start|test)\b|&\s*(#.*)?$|\[--/;

function run(command: string, cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { cwd, env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('docs: shell samples against the sandbox and the proxy', () => {
  let sandbox: SandboxServer;
  let proxy: ServedProxy;
  let work: string;
  let id: string;

  before(async () => {
    sandbox = await serveSandbox({ port: 0 });
    proxy = await serveProxy({ port: 0, upstream: sandbox.url, apiKey: 'sandbox-key', log: () => {} });
    const list = (await (await fetch(`${proxy.url}/testimonials?limit=1&type=text`)).json()) as { testimonials: Array<{ id: string }> };
    id = list.testimonials[0]!.id;
    work = mkdtempSync(join(tmpdir(), 'docs-samples-'));
  });
  after(async () => {
    await proxy?.close();
    await sandbox?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('runs every command that talks to them, as written', async () => {
    const cli = `node --import ${import.meta.resolve('tsx')} ${join(ROOT, 'src/node/cli.ts')}`;
    const commands = samples()
      .filter((sample) => sample.lang === 'sh')
      .flatMap((sample) => sample.text.split('\n').map((line) => ({ file: sample.file, line: line.trim() })))
      .filter(({ line }) => LOCAL.test(line) && !NOT_RUNNABLE.test(line));
    assert.ok(commands.length >= 4, `commands found: ${commands.map((c) => c.line).join('\n')}`);
    for (const { file, line } of commands) {
      const command = line
        .replaceAll('http://127.0.0.1:8787', new URL(sandbox.url).origin)
        .replaceAll('http://127.0.0.1:8788', proxy.url)
        .replaceAll('http://localhost:5173/api', proxy.url)
        .replaceAll('TESTIMONIAL_ID', id)
        .replace(/^npx testimonial-elements\b/, cli)
        .replace(/^curl\b/, 'curl -sSf');
      const { code, output } = await run(command, work);
      assert.equal(code, 0, `${file}: \`${line}\` exited ${code}:\n${output.slice(0, 2000)}`);
      const redirect = /> (\S+)\s*(#.*)?$/.exec(command);
      const written = redirect ? readFileSync(join(work, redirect[1]!), 'utf8') : output;
      assert.ok(written.trim().length > 0, `${file}: \`${line}\` printed nothing`);
    }
  });
});

describe('docs: TypeScript and JavaScript samples', () => {
  it('type-check against the sources', () => {
    const checked = samples().filter(
      (sample) =>
        (sample.lang === 'ts' || sample.lang === 'js') &&
        !sample.recipe &&
        !sample.flags.includes('fragment') &&
        !/^\/\/ (app\/|next\.config)/.test(sample.text),
    );
    assert.ok(checked.length >= 8, `samples found: ${checked.length}`);
    // Names that fragments use without declaring them, as a reader's code would have them.
    const prelude: Record<string, string> = {
      signal: 'declare const signal: AbortSignal;',
      testimonial: "declare const testimonial: import('testimonial-elements/client').Testimonial;",
      videoTestimonial: "declare const videoTestimonial: import('testimonial-elements/client').Testimonial;",
      myTestimonials: "declare const myTestimonials: import('testimonial-elements/client').Testimonial[];",
      env: 'declare const env: Record<string, string>;',
      request: 'declare const request: Request;',
    };
    const virtual = new Map(
      checked.map((sample, index) => {
        const declared = (name: string) => new RegExp(`\\b(const|let|var|function)\\s+${name}\\b`).test(sample.text);
        const used = (name: string) => new RegExp(`(?<![\\w-])${name}(?![\\w-])`).test(sample.text);
        const head =
          sample.lang === 'ts'
            ? Object.entries(prelude)
                .filter(([name]) => used(name) && !declared(name))
                .map(([, line]) => line)
            : [];
        const name = join(ROOT, 'docs', `.sample-${index}.${sample.lang === 'js' ? 'mjs' : 'mts'}`);
        return [name, { sample, text: `${head.join('\n')}\n${sample.text}\nexport {};\n` }] as const;
      }),
    );
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: ['node'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      allowJs: true,
      checkJs: true,
      experimentalDecorators: true,
      useDefineForClassFields: false,
      allowImportingTsExtensions: true,
      paths: {
        'testimonial-elements': [join(ROOT, 'src/index.ts')],
        'testimonial-elements/define': [join(ROOT, 'src/define.ts')],
        'testimonial-elements/*': [join(ROOT, 'src/*/index.ts')],
        'https://*/cdn/testimonial-elements.js': [join(ROOT, 'src/cdn.ts')],
      },
    };
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, language, ...rest) => {
      const sample = virtual.get(fileName);
      return sample ? ts.createSourceFile(fileName, sample.text, language, true) : getSourceFile(fileName, language, ...rest);
    };
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (fileName) => virtual.has(fileName) || fileExists(fileName);
    const program = ts.createProgram([...virtual.keys()], options, host);
    // The samples' own diagnostics only: the sources they import are checked by `npm test`'s types
    // phase, under the project's options (checking them here too was most of this file's CPU).
    const problems = [...virtual.keys()]
      .map((name) => program.getSourceFile(name)!)
      .flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)])
      // A JavaScript reader's code is not type-checked: there, only what would fail to run counts (syntax, a
      // module or an export or a name that is not there), not implicit `any` or a value that may be null.
      .filter((diagnostic) => !diagnostic.file!.fileName.endsWith('.mjs') || JS_ERRORS.has(diagnostic.code) || diagnostic.code < 2000)
      .map((diagnostic) => {
        const { sample } = virtual.get(diagnostic.file!.fileName)!;
        return `${sample.file} (\`${sample.text.split('\n')[0]}\`): ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
      });
    assert.deepEqual(problems, []);
  });
});
