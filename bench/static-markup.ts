/**
 * The benchmarks' baseline renderer: the fields a card shows, as static markup written by string
 * concatenation (escaped text, only bare `<mark>` kept). JavaScript source, so the wall benchmark runs
 * it in the page (before one `innerHTML`) and the server-rendering benchmark runs the very same code on
 * Node ({@link staticCardMarkup}).
 */
export const STATIC_CARD_MARKUP = `const escapeHtml = (value) => String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const star = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2l3 7 7 .6-5.3 4.7 1.6 7.2L12 17.8 5.7 21.5l1.6-7.2L2 9.6 9 9z"/></svg>';
const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
// Text escaped, with only bare <mark> and </mark> put back: the card's sanitising, done the cheap way.
// (The sandbox's fixtures include hostile payloads; written raw they would run.)
const quoteHtml = (text) => escapeHtml(text).replace(/&lt;([/]?)mark&gt;/g, '<$1mark>');
// The same fields the card shows, as static markup.
function cardMarkup(t) {
  const media = (t.media || []).map((m) => m.type === 'image'
    ? '<li><img src="' + escapeHtml(m.url) + '" alt="' + escapeHtml(m.alt) + '" width="96" height="96" loading="lazy"></li>'
    : '<li><video src="' + escapeHtml(m.url) + '" preload="none" controls></video></li>').join('');
  return '<article class="b-card"><figure><figcaption>'
    + (t.customer_avatar ? '<img class="avatar" src="' + escapeHtml(t.customer_avatar) + '" alt="" width="48" height="48" loading="lazy">' : '')
    + '<div><h3>' + escapeHtml(t.customer_name) + '</h3>'
    + (t.customer_tagline ? '<span class="tagline">' + escapeHtml(t.customer_tagline) + '</span>' : '')
    + (t.customer_company ? '<span class="company">' + escapeHtml(t.customer_company) + '</span>' : '')
    + '</div></figcaption>'
    + (t.rating > 0 ? '<div class="rating" role="img" aria-label="Rated ' + t.rating + ' out of 5">' + star.repeat(5) + '</div>' : '')
    + '<blockquote>' + (t.title ? '<p>' + escapeHtml(t.title) + '</p>' : '') + '<p>' + quoteHtml(t.text) + '</p></blockquote>'
    + (media ? '<ul class="media">' + media + '</ul>' : '')
    + '</figure><footer>'
    + (t.url ? '<a href="' + escapeHtml(t.url) + '" rel="noopener noreferrer nofollow ugc">' + escapeHtml(t.integration || 'source') + '</a>' : '<span></span>')
    + '<time datetime="' + escapeHtml(t.date) + '">' + date.format(new Date(t.date)) + '</time></footer></article>';
}`;

/** `cardMarkup(testimonial)` of {@link STATIC_CARD_MARKUP}, compiled in this process. */
export function staticCardMarkup(): (testimonial: unknown) => string {
  return new Function(`${STATIC_CARD_MARKUP}\nreturn cardMarkup;`)() as (testimonial: unknown) => string;
}
