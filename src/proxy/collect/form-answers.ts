/**
 * The answers to a plain HTML form post (JavaScript off): success is `303 See Other` to the thank-you
 * page; a refusal is a small HTML page that names the problem and links back to the form. Without
 * JavaScript nothing the visitor typed can be kept across the round trip; the page says so.
 */

const HTML_TYPE = 'text/html; charset=utf-8';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page the form was posted from, when the browser said (`Referer`) and it is this proxy's origin
 * or one of the operator's CORS origins; never another site's.
 */
export function formPage(request: Request, trustedOrigins: readonly string[]): URL | undefined {
  const referer = request.headers.get('Referer');
  if (!referer) return undefined;
  let page: URL;
  try {
    page = new URL(referer);
  } catch {
    return undefined;
  }
  const own = new URL(request.url).origin;
  return page.origin === own || trustedOrigins.includes(page.origin) ? page : undefined;
}

/** Where a successful form post goes: the operator's thank-you URL, else the form's page `?testimonial=sent`. */
export function thankYouLocation(thankYouUrl: string | undefined, page: URL | undefined): string | undefined {
  if (thankYouUrl !== undefined) return thankYouUrl;
  if (!page) return undefined;
  const target = new URL(page.href);
  target.hash = '';
  target.searchParams.set('testimonial', 'sent');
  return target.href;
}

function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'Content-Type': HTML_TYPE,
      'Cache-Control': 'no-store',
      // Nothing on this page runs or loads anything.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

export function formSuccess(location: string | undefined): Response {
  if (location !== undefined) return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
  return page(200, 'Thank you', '<p>Your testimonial was sent. It will appear once it has been reviewed.</p>');
}

export function formRefusal(status: number, message: string, back: URL | undefined): Response {
  const link = back
    ? `<p><a href="${escapeHtml(back.href)}">Back to the form</a></p>`
    : '<p>Go back to the form with your browser’s Back button.</p>';
  return page(
    status,
    'Your testimonial was not sent',
    `<p>${escapeHtml(message)}</p><p>Without JavaScript the form cannot keep what you typed: go back, check it and send it again.</p>${link}`,
  );
}
