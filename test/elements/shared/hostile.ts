/**
 * Hostile inputs shared by the element test suites (card, video, wall): import them instead of
 * writing new lists, so every suite is held to the same bar.
 */

/** Every form of a dangerous URL: scripts, obfuscation the URL parser undoes, other schemes, other origins. */
export const DANGEROUS_URLS: readonly string[] = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\u0000javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  'javascript&colon;alert(1)',
  '&#106;avascript:alert(1)',
  'jav&#x09;ascript:alert(1)',
  '\u00a0javascript:alert(1)',
  'javascript\u200b:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,<b>x</b>',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'blob:https://example.com/0b6a1c2d',
  'file:///etc/passwd',
  'ftp://example.com/x',
  '//evil.example/x.png',
  '/\\evil.example/x.png',
  '/\t/evil.example/x.png',
  '\\\\evil.example\\x',
  'https://',
  'http:',
  '',
  '   ',
];

/**
 * Markup payloads: each would set `window.__pwned` (to a truthy value) if any of it ran. A suite
 * renders them, waits, and asserts the flag is still unset.
 */
export const SCRIPT_PAYLOADS: readonly string[] = [
  '<script>window.__pwned = "script"</script>',
  '<img src=x onerror="window.__pwned = \'img\'">',
  '<svg><script>window.__pwned = "svg"</script></svg>',
  '<svg onload="window.__pwned = \'svg-onload\'"></svg>',
  '<iframe srcdoc="<script>parent.__pwned = \'iframe\'</script>"></iframe>',
  '<a href="javascript:window.__pwned=\'a\'">click</a>',
  '<mark onclick="window.__pwned = \'mark\'" onmouseover="window.__pwned = \'mark\'" style="color:red" class="x" id="y">marked</mark>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=\'mxss\'">',
  '<noscript><p title="</noscript><img src=x onerror=window.__pwned=\'noscript\'>">',
  "\"><img src=x onerror=window.__pwned='attr'>",
  '<details open ontoggle="window.__pwned = \'details\'">',
  '<template><img src=x onerror="window.__pwned=\'template\'"></template>',
  '<style>@import "javascript:window.__pwned=1"</style>',
  '${window.__pwned = "template-literal"}',
  '{{constructor.constructor("window.__pwned = 1")()}}',
];

/** All payloads joined, for fields that are one string. */
export const ALL_PAYLOADS = SCRIPT_PAYLOADS.join(' ');
