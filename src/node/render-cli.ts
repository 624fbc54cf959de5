/**
 * `testimonial-elements render wall|card`: server-rendered HTML on stdout, for static site builds
 * (`testimonial-elements render wall --upstream URL --layout grid > wall.html`).
 *
 * The data comes from the service (`--upstream`, key from `TESTIMONIAL_API_KEY`, approved testimonials
 * only) or from a proxy (`--proxy`, no key). Against a sandbox on this machine (`npm run sandbox`) no
 * key is needed: its default key is used. Every attribute of the element is a flag of the same name,
 * read from the element's own declarations (`--layout grid`, `--no-rating`); `--endpoint` is where
 * the browser pages on after taking the wall over.
 */
import { parseArgs } from 'node:util';
import type { AttributeKind } from '../client/html-renderer.js';
import { CARD_ATTRIBUTES, WALL_ATTRIBUTES } from '../ssr/element-attributes.js';
import { renderCard, renderWall, RenderOptionsError, type DataSource } from '../ssr/index.js';
import { checkJsonLdOptions, JsonLdOptionError, type JsonLdOptions } from '../ssr/json-ld.js';

type Env = Record<string, string | undefined>;

export interface RenderCliContext {
  env: Env;
  /** The sandbox's default key, used for an upstream on this machine when no key is set. */
  sandboxKey: string;
}

/** A mistake in the command line: one line on stderr, exit status 2. */
class RenderUsageError extends Error {}

const SOURCE_HELP = [
  '  --upstream URL        the service base URL ending in /v1 [TESTIMONIAL_API_URL]; key from TESTIMONIAL_API_KEY',
  '                        (a sandbox on 127.0.0.1/localhost needs none: its default key is used)',
  "  --proxy URL           or: your proxy's base URL, e.g. https://example.com/api (no key)",
  '  --endpoint URL        where the browser asks for later pages after taking over (e.g. /api);',
  '                        without it, the wall shows the rendered page and does not page on',
  '  --item-reviewed JSON  add review JSON-LD about this item, e.g. \'{"@type":"SoftwareApplication","name":"Acme"}\'',
].join('\n');

const flagList = (kinds: ReadonlyMap<string, AttributeKind>) =>
  [...kinds].map(([name, kind]) => (kind === 'boolean' ? `--${name}` : `--${name} V`)).join(' ');

export const RENDER_USAGE = `usage: testimonial-elements render wall [options] [--<attribute> value ...] > wall.html
       testimonial-elements render card <id> [options] [--<attribute> value ...] > card.html

Prints the element rendered on the server (declarative shadow DOM and its data), for static pages.

options:
${SOURCE_HELP}
  -h, --help            show this help

wall attributes: ${flagList(WALL_ATTRIBUTES)}
card attributes: ${flagList(CARD_ATTRIBUTES)}`;

export interface RenderCommand {
  what: 'wall' | 'card';
  /** The testimonial id, for `card`. */
  id?: string;
  source: DataSource;
  attributes: Record<string, string | boolean>;
  jsonLd?: JsonLdOptions;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function sourceOf(upstream: string | undefined, proxy: string | undefined, { env, sandboxKey }: RenderCliContext): DataSource {
  if (upstream !== undefined && proxy !== undefined) throw new RenderUsageError('give --upstream or --proxy, not both.');
  if (proxy !== undefined) return { endpoint: proxy };
  if (upstream === undefined) {
    throw new RenderUsageError('--upstream URL (or TESTIMONIAL_API_URL) or --proxy URL is required: where the testimonials come from.');
  }
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new RenderUsageError(
      `--upstream must be an absolute http(s) URL ending in /v1, e.g. http://127.0.0.1:8787/v1; got "${upstream}".`,
    );
  }
  const apiKey = env.TESTIMONIAL_API_KEY || (LOOPBACK.has(url.hostname) ? sandboxKey : undefined);
  if (!apiKey) {
    throw new RenderUsageError('TESTIMONIAL_API_KEY is not set: the service needs the key (from the environment, never a flag).');
  }
  return { upstream: { url: upstream, apiKey } };
}

function parseItemReviewed(raw: string | undefined): JsonLdOptions | undefined {
  if (raw === undefined) return undefined;
  let itemReviewed: unknown;
  try {
    itemReviewed = JSON.parse(raw);
  } catch {
    throw new RenderUsageError(
      `--item-reviewed must be a JSON object such as '{"@type":"Product","name":"Acme"}'; got ${JSON.stringify(raw.slice(0, 60))}.`,
    );
  }
  try {
    return checkJsonLdOptions({ itemReviewed });
  } catch (error) {
    if (error instanceof JsonLdOptionError) throw new RenderUsageError(error.message.replace(/^jsonLd\.?/, '--item-reviewed'));
    throw error;
  }
}

/** `argv` after `render`, checked: an unknown flag, a missing value or a missing id is a RenderUsageError. */
export function parseRenderArgs(argv: readonly string[], context: RenderCliContext): RenderCommand | 'help' {
  const [what, ...rest] = argv;
  if (what === undefined || what === '-h' || what === '--help') return 'help';
  if (what !== 'wall' && what !== 'card') throw new RenderUsageError(`render what? "${what}" is not wall or card.`);
  const kinds = what === 'wall' ? WALL_ATTRIBUTES : CARD_ATTRIBUTES;
  if (rest.some((arg) => /^--(?:api-?)?key(?:=|$)/.test(arg))) {
    throw new RenderUsageError(
      '--key is refused: a key on the command line is visible to other users and stays in shell history. Set TESTIMONIAL_API_KEY instead.',
    );
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: what === 'card',
      options: {
        upstream: { type: 'string' },
        proxy: { type: 'string' },
        endpoint: { type: 'string' },
        'item-reviewed': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        ...Object.fromEntries([...kinds].map(([name, kind]) => [name, { type: kind === 'boolean' ? 'boolean' : 'string' }] as const)),
      },
    });
  } catch (error) {
    throw new RenderUsageError(`${(error as Error).message.split('\n')[0]} (render ${what} --help lists its attributes)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  const { upstream, proxy, endpoint, 'item-reviewed': itemReviewed } = values as Record<string, string | undefined>;
  if (what === 'card' && positionals.length !== 1) {
    throw new RenderUsageError(`render card takes one testimonial id; got ${positionals.length ? positionals.join(' ') : 'none'}.`);
  }
  const attributes: Record<string, string | boolean> = {};
  for (const name of kinds.keys()) {
    const value = (values as Record<string, string | boolean | undefined>)[name];
    if (value !== undefined) attributes[name] = value;
  }
  if (endpoint !== undefined) attributes.endpoint = endpoint;
  const jsonLd = parseItemReviewed(itemReviewed);
  return {
    what,
    ...(what === 'card' ? { id: positionals[0] } : {}),
    source: sourceOf(upstream ?? context.env.TESTIMONIAL_API_URL, proxy, context),
    attributes,
    ...(jsonLd ? { jsonLd } : {}),
  };
}

/**
 * Renders the command's element. An attribute value the element does not accept (`--layout gird`) is
 * only a console warning in a browser, which falls back to the default; a build fails on it instead,
 * so a typo never ships a page that silently looks different.
 */
export async function renderCommand(command: RenderCommand): Promise<{ html: string; refused: string[] }> {
  const { source, attributes, jsonLd } = command;
  const warnings: string[] = [];
  // A record's URL that the elements leave out is the data's problem, not the command line's: the build
  // goes on without it and says so (one bad record must not fail a static build).
  const refused: string[] = [];
  const onRefusedUrls = (id: string, fields: string[]) =>
    void refused.push(`testimonial ${id}: ${fields.join(', ')} left out (not a safe URL)`);
  const warn = console.warn;
  console.warn = (...parts: unknown[]) => void warnings.push(parts.map(String).join(' '));
  let html: string;
  try {
    html =
      command.what === 'wall'
        ? await renderWall({ ...source, onRefusedUrls, attributes, jsonLd })
        : await renderCard(command.id!, { ...source, onRefusedUrls, attributes, jsonLd });
  } finally {
    console.warn = warn;
  }
  if (warnings.length) throw new RenderUsageError([...new Set(warnings)].join(' '));
  return { html, refused };
}

/** What the command prints and its exit status. */
export interface RenderCliResult {
  code: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}

/** The command's outcome: a command-line mistake is one line and status 2; a failed read, status 1. */
export async function renderCli(argv: readonly string[], context: RenderCliContext): Promise<RenderCliResult> {
  const failed = (code: 1 | 2, message: string): RenderCliResult => ({
    code,
    stdout: '',
    stderr: `testimonial-elements render: ${message}\n`,
  });
  let command: RenderCommand | 'help';
  try {
    command = parseRenderArgs(argv, context);
  } catch (error) {
    if (!(error instanceof RenderUsageError)) throw error;
    return failed(2, `${error.message} (--help for usage)`);
  }
  if (command === 'help') return { code: 0, stdout: `${RENDER_USAGE}\n`, stderr: '' };
  try {
    const { html, refused } = await renderCommand(command);
    return { code: 0, stdout: `${html}\n`, stderr: refused.map((line) => `testimonial-elements render: warning: ${line}\n`).join('') };
  } catch (error) {
    // The client's errors name the status and the service's message, never the key.
    return failed(error instanceof RenderOptionsError || error instanceof RenderUsageError ? 2 : 1, (error as Error).message);
  }
}

export async function runRenderCli(argv: readonly string[], context: RenderCliContext): Promise<void> {
  const { code, stdout, stderr } = await renderCli(argv, context);
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = code;
}
