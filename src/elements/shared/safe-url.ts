// The safe-URL gate lives with the client, so that the proxy (which may import only the client) applies
// the very same rules to the avatars of its summary; the elements keep importing it from here.
export { OUTBOUND_REL, safeUrl, type SafeUrlKind } from '../../client/safe-url.js';
