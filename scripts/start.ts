/**
 * `npm start [-- --port N] [--host H]`: the demo on Vite's dev server, with the API mounted at `/api`
 * (the proxy in front of the embedded sandbox, or of the real service when TESTIMONIAL_API_KEY and
 * TESTIMONIAL_API_URL are set), and the docs at `/docs/` (scripts/docs-plugin.ts).
 */
import { parseArgs } from 'node:util';
import { createServer } from 'vite';

const usage = 'usage: npm start -- [--port 5173] [--host 127.0.0.1]';

function options() {
  try {
    const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean' } } });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    const port = Number(values.port ?? 5173);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new Error(`--port must be an integer from 0 to 65535, got "${values.port}"`);
    return { port, host: values.host ?? 'localhost' };
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}

const { port, host } = options();
const server = await createServer({ configFile: new URL('../vite.config.ts', import.meta.url).pathname, server: { port, host } });
await server.listen();
server.printUrls();
const local = server.resolvedUrls?.local[0];
if (local) console.log(`  ➜  Docs:    ${local}docs/`);
