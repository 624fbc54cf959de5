/**
 * WCAG contrast from computed styles, for browser tests: colours are read as the browser resolved them
 * (through a 1×1 canvas, so any syntax the browser computes, system colours included, becomes sRGB
 * bytes), and the background behind an element is the first opaque one up its ancestors, across
 * shadow roots.
 */

const probe = (() => {
  let context: CanvasRenderingContext2D | undefined;
  return () => (context ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true })!);
})();

/** A computed CSS colour as `[r, g, b, alpha]` bytes. */
export function rgba(color: string): [number, number, number, number] {
  const context = probe();
  context.clearRect(0, 0, 1, 1);
  context.fillStyle = '#000';
  context.fillStyle = color;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
  return [r!, g!, b!, a!];
}

function luminance(color: string): number {
  const [r, g, b] = rgba(color).map((byte) => {
    const channel = byte / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG 2 contrast ratio of two opaque colours (1 to 21). */
export function contrast(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** The parent of `element`, or the host of its shadow root. */
function parentOf(element: Element): Element | null {
  if (element.parentElement) return element.parentElement;
  const root = element.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/** The colour behind `element`: the first ancestor's (or its own) opaque background, else the canvas's. */
export function backgroundBehind(element: Element): string {
  for (let current: Element | null = element; current; current = parentOf(current)) {
    const background = getComputedStyle(current).backgroundColor;
    if (rgba(background)[3] === 255) return background;
  }
  return 'Canvas';
}

/** The contrast of `element`'s text colour against what is behind it. */
export function textContrast(element: Element): number {
  return contrast(getComputedStyle(element).color, backgroundBehind(element));
}
