/**
 * Configuration from the environment, where the runtime has one: what the proxy's options and the
 * collect route's secrets fall back to.
 */
/** An environment variable where the runtime has `process.env` (Node, Deno, Bun, workerd with nodejs_compat). */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
