/**
 * Bytes: what the script tag costs (the entry and every chunk it imports statically), and what each
 * lazily imported chunk adds when first needed. Each file is compressed on its own, as a server sends it.
 */
import { staticClosure, type Bundle } from './builds.js';
import { compressedSizes, figure, type Compressed, type Figure } from './support.js';

function sum(bundle: Bundle, files: readonly string[]): Compressed {
  const total: Compressed = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const size = compressedSizes(bundle.chunks.get(file)!.code);
    total.raw += size.raw;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
  }
  return total;
}

/** `chunks/hls.light.js` → `hls.light` (chunk files carry no hash: see scripts/cdn-build.ts). */
function chunkName(fileName: string): string {
  return fileName.replace(/^chunks\//, '').replace(/\.js$/, '');
}

function sizeFigures(key: string, size: Compressed, what: string): Figure[] {
  return [
    figure(`${key}.min`, size.raw, 'B', `${what}, minified`),
    figure(`${key}.gzip`, size.gzip, 'B', `${what}, min+gzip`),
    figure(`${key}.brotli`, size.brotli, 'B', `${what}, min+brotli`),
  ];
}

export function measureBytes(elements: Bundle, hlsVideo: Bundle): Figure[] {
  const entryFiles = staticClosure(elements);
  const entry = sum(elements, entryFiles);
  const figures: Figure[] = [
    ...sizeFigures(
      'bytes.entry',
      entry,
      `script-tag entry + static imports (${entryFiles.length} file${entryFiles.length === 1 ? '' : 's'})`,
    ),
  ];

  // Every chunk the entry reaches only through import(): what it adds beyond what is already loaded.
  const loaded = new Set(entryFiles);
  const lazyRoots = [...elements.chunks.values()].filter((chunk) => !loaded.has(chunk.fileName)).map((chunk) => chunk.fileName);
  const lazy = new Map<string, Compressed>();
  for (const root of lazyRoots.sort()) {
    const extra = staticClosure(elements, root).filter((file) => !loaded.has(file));
    const size = sum(elements, extra);
    const name = chunkName(root);
    figures.push(...sizeFigures(`bytes.lazy.${name}`, size, `lazy chunk ${name}`));
    lazy.set(name, size);
  }

  // The video player's whole cost next to Mux's <hls-video> (which bundles full hls.js): the entry, the
  // player's chunk and hls.js light for a stream without captions; full hls.js, which the player loads
  // only for a stream that declares subtitle or caption renditions, for one with captions.
  const baseline = sum(hlsVideo, staticClosure(hlsVideo));
  figures.push(...sizeFigures('bytes.baseline.hls_video_element', baseline, 'baseline: hls-video-element bundle'));
  const player = lazy.get('video-testimonial');
  const light = lazy.get('hls.light');
  const full = [...lazy].find(([name]) => /^hls(?!\.light)/.test(name))?.[1];
  if (player && light) {
    const playing = entry.gzip + player.gzip + light.gzip;
    figures.push(
      figure(
        'bytes.video_playing.gzip',
        playing,
        'B',
        'entry + player chunk + hls.js light, min+gzip (all code once a video without captions plays)',
      ),
      figure('bytes.video_playing.ratio', playing / baseline.gzip, '×', 'that ÷ hls-video-element min+gzip'),
    );
  }
  if (player && full) {
    const playing = entry.gzip + player.gzip + full.gzip;
    figures.push(
      figure(
        'bytes.video_playing_captions.gzip',
        playing,
        'B',
        'entry + player chunk + full hls.js, min+gzip (all code once a video with captions plays)',
      ),
      figure('bytes.video_playing_captions.ratio', playing / baseline.gzip, '×', 'that ÷ hls-video-element min+gzip'),
    );
  }
  return figures;
}
