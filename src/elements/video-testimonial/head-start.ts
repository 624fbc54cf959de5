/**
 * The head start of an HLS stream on play: the level playlist, init segment and first segment that
 * hls.js will ask for first, fetched by the player itself as soon as the master playlist is known, while
 * hls.js is still downloading, evaluating and opening its MediaSource; hls.js's loaders are then answered
 * from here (see `streamLoaderFor` in hls-loader.ts), and the init and first segments are appended by the
 * player itself for the first frame (early-buffer.ts). Only after a play: a pointer resting on the player
 * downloads no media.
 *
 * Without it, a cold click waited for hls.js and then for three requests in a row (level playlist, init
 * segment, first segment), each behind hls.js's own work; primed, it still waited for the three in a row.
 */

/** A variant of a master playlist (`#EXT-X-STREAM-INF`): its playlist URL, size and bandwidth. */
export interface Variant {
  url: string;
  width: number;
  height: number;
  bandwidth: number;
  /** Its `CODECS`, when the master says them and its audio is in its own segments (no `AUDIO` group). */
  codecs?: string;
}

/** What the first frame needs, fetched ahead: the codecs of the stream, its init segment and first segment. */
export interface StartMedia {
  codecs: string;
  init: ArrayBuffer;
  segment: ArrayBuffer;
}

/** A response fetched ahead, with the times hls.js's statistics (and so its bandwidth estimate) need. */
export interface FetchedAhead {
  url: string;
  data: string | ArrayBuffer;
  start: number;
  first: number;
  end: number;
}

/** The player's size in device pixels, which the first level must cover. */
export interface PlayerSize {
  width: number;
  height: number;
}

const attribute = (attributes: string, name: string): string | undefined =>
  new RegExp(`(?:^|,)${name}=("[^"]*"|[^,]*)`).exec(attributes)?.[1]?.replace(/^"|"$/g, '');

/** The variants of a master playlist, URLs made absolute against `base` (where it was read from). */
export function parseVariants(text: string, base: string): Variant[] {
  const variants: Variant[] = [];
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = lines.slice(index + 1).find((next) => next && !next.startsWith('#'));
    if (!uri) return;
    const attributes = line.slice('#EXT-X-STREAM-INF:'.length);
    const [width = 0, height = 0] = (attribute(attributes, 'RESOLUTION') ?? '').split('x').map(Number);
    const codecs = attribute(attributes, 'AUDIO') === undefined ? attribute(attributes, 'CODECS') : undefined;
    variants.push({
      url: new URL(uri, base).href,
      width,
      height,
      bandwidth: Number(attribute(attributes, 'BANDWIDTH')) || 0,
      ...(codecs ? { codecs } : {}),
    });
  });
  return variants;
}

/**
 * The variant to start with: the smallest whose picture covers the player (hls.js's own cap with
 * `capLevelToPlayerSize`, the larger side against either of the picture's), the lowest bandwidth of that
 * size; the largest when none covers it. A smaller first segment than the master's first variant, and the
 * same choice every time (left to hls.js, the first level now and then came before its cap was known).
 */
export function chooseVariant(variants: readonly Variant[], size: PlayerSize): Variant | undefined {
  const side = Math.max(size.width, size.height);
  const ordered = [...variants].sort((a, b) => a.height - b.height || a.width - b.width || a.bandwidth - b.bandwidth);
  return ordered.find((variant) => variant.width >= side || variant.height >= side) ?? ordered.at(-1);
}

/** The first media of a video-on-demand media playlist: its init segment (`EXT-X-MAP`) and first segment. */
export function firstMedia(text: string, base: string): string[] {
  // A live playlist starts near its end, byte ranges would need ranged requests, and keys their own
  // requests: left to hls.js.
  if (!/^#EXT-X-ENDLIST/m.test(text) || /^#EXT-X-(?:BYTERANGE|KEY)/m.test(text) || /^#EXT-X-MAP:.*BYTERANGE/m.test(text)) return [];
  const map = /^#EXT-X-MAP:.*?URI="([^"]+)"/m.exec(text)?.[1];
  const segment = text.split(/\r?\n/).find((line) => line.trim() && !line.startsWith('#'));
  return [map, segment].filter((uri): uri is string => Boolean(uri)).map((uri) => new URL(uri.trim(), base).href);
}

/** Responses fetched ahead for one player, each handed over once; aborted with the player. */
export class HeadStart {
  private readonly responses = new Map<string, Promise<FetchedAhead | undefined>>();
  private readonly aborter = new AbortController();
  /**
   * The init and first segments with their codecs, once both arrived (see `begin`); `undefined` when
   * the stream or the start does not allow the first frame before hls.js.
   */
  start: Promise<StartMedia | undefined> = Promise.resolve(undefined);

  /**
   * Fetches the start of the stream: the variant chosen for `size`, then its init and first segments
   * together (the first segment only when playback starts at 0). Returns the variant's URL.
   */
  begin(master: { url: string; text: string }, size: PlayerSize, fromStart: boolean): string | undefined {
    const variant = chooseVariant(parseVariants(master.text, master.url), size);
    if (!variant) return undefined;
    const { codecs } = variant;
    const start = this.fetch(variant.url, 'text').then(async (playlist) => {
      const media = playlist ? firstMedia(playlist.data as string, playlist.url) : [];
      const fetched = (fromStart ? media : media.slice(0, 1)).map((url) => this.fetch(url, 'arraybuffer'));
      // Only an init segment and a first segment from 0 make a first frame.
      if (!codecs || fetched.length !== 2) return undefined;
      const [init, segment] = await Promise.all(fetched);
      return init && segment ? { codecs, init: init.data as ArrayBuffer, segment: segment.data as ArrayBuffer } : undefined;
    });
    // Known now when there will be none (no codecs in the master, a start after 0): nobody waits for it.
    this.start = fromStart && codecs ? start : Promise.resolve(undefined);
    return variant.url;
  }

  /** The response fetched ahead for `url`, once: a later load of it (a retry) goes to the network. */
  take(url: string): Promise<FetchedAhead | undefined> | undefined {
    const response = this.responses.get(url);
    this.responses.delete(url);
    return response;
  }

  /** Stops every fetch still running and forgets what was fetched. */
  abort(): void {
    this.aborter.abort();
    this.responses.clear();
  }

  private fetch(url: string, as: 'text' | 'arraybuffer'): Promise<FetchedAhead | undefined> {
    const start = performance.now();
    const response = fetch(url, { signal: this.aborter.signal })
      .then(async (answer) => {
        if (!answer.ok) return undefined;
        const first = performance.now();
        const data = as === 'text' ? await answer.text() : await answer.arrayBuffer();
        return { url: answer.url || url, data, start, first, end: performance.now() };
      })
      // Failed or aborted: hls.js asks the network itself, with its own retries.
      .catch(() => undefined);
    this.responses.set(url, response);
    return response;
  }
}
