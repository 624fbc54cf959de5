/**
 * The server entries (`/proxy`, `/proxy/node`, `/sandbox`, `/sandbox/node`, `/ssr`) are built on optional
 * peer dependencies that npm does not install by itself: Hono for the proxy and the sandbox, Lit's
 * server renderer and jsdom for server rendering. The published entries load their module through
 * `loadWithPeers` (wrappers written by scripts/build.ts), so a missing peer is one clear error that says
 * what to install, instead of a resolution error deep in `dist/`.
 */
export const SERVER_PEERS = ['hono', '@hono/node-server'] as const;

/** What `testimonial-elements/ssr` needs (`npm i @lit-labs/ssr jsdom`). */
export const SSR_PEERS = ['@lit-labs/ssr', 'jsdom'] as const;

export async function loadWithPeers<T>(load: () => Promise<T>, entry: string): Promise<T> {
  const peers: readonly string[] = entry === 'ssr' ? SSR_PEERS : SERVER_PEERS;
  try {
    return await load();
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    const missing = peers.find((peer) => code === 'ERR_MODULE_NOT_FOUND' && String(message).includes(`'${peer}'`));
    if (!missing) throw error;
    throw new Error(
      `testimonial-elements/${entry} needs the package "${missing}", an optional peer dependency that npm does not install by itself: npm i ${peers.join(' ')}`,
      { cause: error },
    );
  }
}
