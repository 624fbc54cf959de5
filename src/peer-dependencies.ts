/**
 * The server entries (`/proxy`, `/proxy/node`, `/sandbox`, `/sandbox/node`) are built on Hono, an
 * optional peer dependency that npm does not install by itself. The published entries load their module
 * through `loadWithPeers` (wrappers written by scripts/build.ts), so a missing peer is one clear error
 * that says what to install, instead of a resolution error deep in `dist/`.
 */
export const SERVER_PEERS = ['hono', '@hono/node-server'] as const;

export async function loadWithPeers<T>(load: () => Promise<T>, entry: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    const missing = SERVER_PEERS.find((peer) => code === 'ERR_MODULE_NOT_FOUND' && String(message).includes(`'${peer}'`));
    if (!missing) throw error;
    throw new Error(
      `testimonial-elements/${entry} needs the package "${missing}", an optional peer dependency that npm does not install by itself: npm i ${SERVER_PEERS.join(' ')}`,
      { cause: error },
    );
  }
}
