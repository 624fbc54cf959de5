/**
 * The Content-Security-Policy that the "Content-Security-Policy and Trusted Types" section of docs/security.md
 * documents, as a function of the origins a page uses. The strict-CSP page check (`csp-page.ts`) serves
 * exactly this policy, and `package.node.test.ts` checks that the page quotes it, so the documented
 * policy is the tested one.
 */
import { TRUSTED_TYPES_POLICY } from '../../src/elements/shared/sanitize.js';

export interface CspOrigins {
  /** Where the library's script and chunks come from: the CDN's origin, or `'self'` when bundled. */
  scripts: string;
  /** Where the proxy answers: `'self'` when it is mounted on the page's own origin. */
  api: string;
  /** Where the service's media come from: posters, avatars, logos, HLS playlists and segments, mp4. */
  media: string;
}

/**
 * Everything is refused (`default-src 'none'`, so `style-src`, `font-src`, `worker-src`, `frame-src`
 * too) but what the elements need: their script, the proxy and the media for `fetch` (hls.js loads
 * playlists and segments with it), images, video (`blob:` for the MediaSource that hls.js feeds), and
 * Trusted Types for Lit's, DOMPurify's and the library's own policy.
 */
export function strictCsp({ scripts, api, media }: CspOrigins): string {
  return [
    "default-src 'none'",
    `script-src ${scripts}`,
    `connect-src ${api} ${media}`,
    `img-src ${media}`,
    `media-src ${media} blob:`,
    "require-trusted-types-for 'script'",
    `trusted-types lit-html dompurify ${TRUSTED_TYPES_POLICY}`,
  ].join('; ');
}

/** The origins the examples of docs/security.md use. */
export const README_EXAMPLE_ORIGINS = {
  cdn: 'https://cdn.jsdelivr.net',
  media: 'https://media.example.com',
} as const;
