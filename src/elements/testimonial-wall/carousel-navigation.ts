/**
 * Moving through the carousel's slides. The track is a native scroll container with snap points (so
 * touch swipes need no script); these helpers find the slide at its start edge and scroll another one
 * there, in either writing direction, without ever scrolling the page around it.
 */

/** What a key press asks the carousel to do, or `undefined` when the key is not the carousel's. */
export type SlideMove = 'previous' | 'next' | 'first' | 'last';

export function keyToMove(key: string, rtl: boolean): SlideMove | undefined {
  switch (key) {
    case 'ArrowLeft':
      return rtl ? 'next' : 'previous';
    case 'ArrowRight':
      return rtl ? 'previous' : 'next';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return undefined;
  }
}

/** The index a move leads to among `count` slides from `current`, wrapping around at both ends. */
export function targetIndex(move: SlideMove, current: number, count: number): number {
  if (count <= 0) return 0;
  switch (move) {
    case 'first':
      return 0;
    case 'last':
      return count - 1;
    case 'next':
      return (current + 1) % count;
    case 'previous':
      return (current - 1 + count) % count;
  }
}

/** Whether the element's text runs right to left. */
export function isRtl(element: Element): boolean {
  return getComputedStyle(element).direction === 'rtl';
}

/** The start edge of a box: left in left-to-right text, right in right-to-left text. */
function startEdge(rect: DOMRect, rtl: boolean): number {
  return rtl ? rect.right : rect.left;
}

/** Whether the track is scrolled to its start or its end (a pixel of rounding allowed). */
export function scrollEdges(track: HTMLElement): { atStart: boolean; atEnd: boolean } {
  // scrollLeft runs negative in right-to-left tracks; its magnitude is the distance from the start.
  const travelled = Math.abs(track.scrollLeft);
  return { atStart: travelled <= 1, atEnd: travelled >= track.scrollWidth - track.clientWidth - 1 };
}

/**
 * The last slide that can reach the start edge. With several slides in view the track stops scrolling
 * before the last slide gets there, so moves end here, and "n of m" never counts past what is shown.
 */
export function lastStartIndex(track: HTMLElement, slides: readonly HTMLElement[]): number {
  const rtl = isRtl(track);
  const first = startEdge(slides[0]!.getBoundingClientRect(), rtl);
  const room = track.scrollWidth - track.clientWidth;
  const index = slides.findIndex((slide) => Math.abs(startEdge(slide.getBoundingClientRect(), rtl) - first) >= room - 1);
  return index === -1 ? slides.length - 1 : index;
}

/** Whether two boxes overlap horizontally (touching edges do not). */
export function overlapsInline(a: DOMRect, b: DOMRect): boolean {
  return a.right > b.left && a.left < b.right;
}

/** The index of the slide whose start edge is nearest the track's start edge. */
export function currentSlideIndex(track: HTMLElement, slides: readonly HTMLElement[]): number {
  const rtl = isRtl(track);
  const origin = startEdge(track.getBoundingClientRect(), rtl);
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  slides.forEach((slide, index) => {
    const distance = Math.abs(startEdge(slide.getBoundingClientRect(), rtl) - origin);
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/**
 * Scrolls the track (and only the track: `scrollIntoView` would also scroll the page, which an
 * autoplaying carousel half out of view must never do) so that `slide` sits at its start edge.
 */
export function scrollToSlide(track: HTMLElement, slide: HTMLElement, behavior: ScrollBehavior): void {
  const rtl = isRtl(track);
  const padding = parseFloat(getComputedStyle(track).getPropertyValue(rtl ? 'padding-right' : 'padding-left')) || 0;
  const delta = startEdge(slide.getBoundingClientRect(), rtl) - startEdge(track.getBoundingClientRect(), rtl);
  track.scrollBy({ left: delta + (rtl ? padding : -padding), behavior });
}
