/**
 * The first frame of a cold play without waiting for hls.js: the init segment and first segment that
 * the head start fetched are appended by the player itself to a SourceBuffer of the MediaSource it
 * opened at the click, while the hls.js chunk still downloads and evaluates (what Mux's element pays
 * at page load). hls.js then takes the MediaSource and that SourceBuffer over as its own
 * (`attachMedia({ media, mediaSource, tracks })`, the hand-over its interstitials use between
 * instances): no reset, no second request (it is handed the same responses), and it goes on from the
 * end of what is buffered.
 */
import type { SourceBufferName, SourceBufferTrackSet } from 'hls.js';
import type { StartMedia } from './head-start.js';

const VIDEO_CODEC = /avc|hvc|hev|vp0|av01|dv[ah]/;

/** The tracks of an init segment: the handler types of its `hdlr` boxes (ISO/IEC 14496-12 8.4.3). */
function handlers(init: ArrayBuffer): Set<string> {
  const bytes = new Uint8Array(init);
  const found = new Set<string>();
  // 'hdlr', then version and flags (4 bytes) and pre_defined (4), then the handler type.
  for (let at = 0; at + 16 <= bytes.length; at++) {
    if (bytes[at] === 0x68 && bytes[at + 1] === 0x64 && bytes[at + 2] === 0x6c && bytes[at + 3] === 0x72) {
      found.add(String.fromCharCode(...bytes.subarray(at + 12, at + 16)));
    }
  }
  return found;
}

/**
 * The SourceBuffer hls.js would create for this init segment, named as its fMP4 remuxer names it
 * (audio and video in one segment: `audiovideo`), so it recognises the buffer it is handed as its own.
 */
function trackFor(init: ArrayBuffer, codecs: string): { name: SourceBufferName; container: string } | undefined {
  const kinds = handlers(init);
  const video = kinds.has('vide');
  const audio = kinds.has('soun');
  if (video) return { name: audio ? 'audiovideo' : 'video', container: 'video/mp4' };
  // The master's CODECS name the video too: the segments then miss a track they promise.
  if (audio && !VIDEO_CODEC.test(codecs)) return { name: 'audio', container: 'audio/mp4' };
  return undefined;
}

/** Resolves once `mediaSource` is open; rejects if it closes first (the video was given another source). */
function opened(mediaSource: MediaSource): Promise<void> {
  if (mediaSource.readyState === 'open') return Promise.resolve();
  return new Promise((resolve, reject) => {
    mediaSource.addEventListener('sourceopen', () => resolve(), { once: true });
    mediaSource.addEventListener('sourceclose', () => reject(new Error('closed')), { once: true });
  });
}

function append(buffer: SourceBuffer, data: ArrayBuffer): Promise<void> {
  return new Promise((resolve, reject) => {
    buffer.addEventListener('updateend', () => resolve(), { once: true });
    buffer.addEventListener('error', () => reject(new Error('append failed')), { once: true });
    buffer.appendBuffer(data);
  });
}

/** hls.js names a muxed track's codecs audio first: in its order, it sees no codec change to make. */
const hlsCodecOrder = (codecs: string) =>
  codecs
    .split(',')
    .map((codec) => codec.trim())
    .sort((a, b) => Number(VIDEO_CODEC.test(a)) - Number(VIDEO_CODEC.test(b)))
    .join(',');

/** Playback at 0 needs what is buffered to start there: a stream whose timestamps start later is left to hls.js. */
const START_TOLERANCE_S = 0.2;

/** What the first segment appended ahead leaves for hls.js's `attachMedia`. */
export interface EarlyStart {
  /** Whether hls.js may be handed the MediaSource: false when a SourceBuffer is on it that hls.js cannot take. */
  handOver: boolean;
  /** The SourceBuffer holding the first segment, for hls.js to take over. */
  tracks?: SourceBufferTrackSet;
}

/**
 * Appends `media` to a SourceBuffer of its own on `mediaSource` (opened on `video`), for hls.js to take
 * over. Not done for codecs the browser does not play (the MediaSource is handed over untouched); done
 * and given up for a failed append or timestamps that do not start at 0 (the MediaSource is then not
 * handed over: hls.js gets the video alone, and opens a MediaSource of its own).
 */
export async function bufferStart(mediaSource: MediaSource, video: HTMLMediaElement, media: StartMedia): Promise<EarlyStart> {
  const track = trackFor(media.init, media.codecs);
  const type = `${track?.container}; codecs="${media.codecs}"`;
  if (!track || !MediaSource.isTypeSupported(type)) return { handOver: true };
  try {
    await opened(mediaSource);
    const buffer = mediaSource.addSourceBuffer(type);
    await append(buffer, media.init);
    await append(buffer, media.segment);
    const start = buffer.buffered.length ? buffer.buffered.start(0) : Number.POSITIVE_INFINITY;
    if (start > START_TOLERANCE_S) return { handOver: false };
    // A composition offset: the first frame a little after 0 (as hls.js jumps such a start gap).
    if (start > video.currentTime) video.currentTime = start;
    const tracks = {
      [track.name]: {
        id: track.name === 'audio' ? 'audio' : 'main',
        container: track.container,
        codec: hlsCodecOrder(media.codecs),
        buffer,
        listeners: [],
      },
    };
    return { handOver: true, tracks };
  } catch {
    // Closed meanwhile (the player went away), or an append the browser refused.
    return { handOver: false };
  }
}

/** Longest hls.js waits for the first frame: a video that shows none (hidden, refused) still gets hls.js. */
const FIRST_FRAME_WAIT_MS = 300;

/**
 * Resolves once `video` presented a frame (`requestVideoFrameCallback`, else `loadeddata`), or after
 * `FIRST_FRAME_WAIT_MS`. hls.js is attached then, not as soon as the first segment is in: its attach and
 * its parsing of that segment again are a long task (40-90 ms traced on a loaded machine) that delayed
 * the frame's presentation, while the first segment gives it two seconds of playback to catch up in.
 */
export function firstFrame(video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FIRST_FRAME_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(done);
    else (video as HTMLVideoElement).addEventListener('loadeddata', done, { once: true });
  });
}
