// The video demo page: players alone and inside cards from the proxy's data, the media-element API
// driven from outside, a muted hero, the fallbacks and the styling hooks.
// The elements come as a site's script tag brings them (`src/cdn.ts`, the script-tag build's entry), and
// the player at once, as this page shows nothing else; the rest from the package's entry point.
import '../src/cdn.js';
import '../src/elements/video-testimonial/define.js';
import { createClient, type Testimonial, type VideoTestimonial } from '../src/index.js';

const client = createClient({ baseUrl: '/api' });
const status = document.querySelector<HTMLParagraphElement>('#status')!;

function player(testimonial: Testimonial, attributes: Record<string, string> = {}): VideoTestimonial {
  const element = document.createElement('video-testimonial');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.testimonial = testimonial;
  return element;
}

function inCell(element: HTMLElement, className?: string): HTMLDivElement {
  const cell = document.createElement('div');
  if (className) cell.className = className;
  cell.append(element);
  return cell;
}

function isPortrait(testimonial: Testimonial): boolean {
  const [width, height] = (testimonial.video?.aspect_ratio ?? '16:9').split(':').map(Number);
  return Boolean(width && height && width < height);
}

/** A copy of `testimonial` whose listed sources are replaced (the fallback section breaks them on purpose). */
function withSources(testimonial: Testimonial, hls: string, mp4: (name: string) => string): Testimonial {
  const video = testimonial.video!;
  return {
    ...testimonial,
    video_url: mp4('high'),
    video: { ...video, hls_url: hls, mp4_urls: { high: mp4('high'), medium: mp4('medium'), low: mp4('low') } },
  };
}

function showFallbacks(sample: Testimonial): void {
  const origin = new URL(sample.video!.hls_url).origin;
  const brokenHls = withSources(sample, `${origin}/media/hls/missing.m3u8`, (name) => sample.video!.mp4_urls[name as 'high'] ?? '');
  const allDead = withSources(sample, `${origin}/media/hls/missing.m3u8`, (name) => `${origin}/media/missing-${name}.mp4`);
  const dead = player(allDead, { muted: '' });
  dead.addEventListener('error', () => {
    const failure = dead.error;
    if (failure) console.info(`video-testimonial error: ${failure.message} (tried ${failure.sources.map((s) => s.url).join(', ')})`);
  });
  document.querySelector('#fallbacks')!.replaceChildren(inCell(player(brokenHls, { muted: '' })), inCell(dead));
}

function showTestimonials(videos: Testimonial[]): void {
  document
    .querySelector('#alone')!
    .replaceChildren(...videos.map((testimonial) => inCell(player(testimonial), isPortrait(testimonial) ? 'vertical' : undefined)));
  document.querySelector('#in-card')!.replaceChildren(
    ...videos.slice(0, 3).map((testimonial) => {
      const card = document.createElement('testimonial-card');
      card.testimonial = testimonial;
      return card;
    }),
  );
  document
    .querySelector('#branded')!
    .replaceChildren(
      ...videos.slice(0, 2).map((testimonial) => inCell(player(testimonial), isPortrait(testimonial) ? 'vertical' : undefined)),
    );
  const landscape = videos.find((testimonial) => !isPortrait(testimonial) && testimonial.video);
  if (landscape) showFallbacks(landscape);
}

/** The remote control: the host used like a `<video>`, and every event it fires, logged. */
function wireRemote(): void {
  const remote = document.querySelector<VideoTestimonial>('#remote-player')!;
  const log = document.querySelector<HTMLDivElement>('#log')!;
  const state = document.querySelector<HTMLSpanElement>('#remote-state')!;
  const showState = () => {
    const duration = Number.isFinite(remote.duration) ? remote.duration.toFixed(1) : '?';
    state.textContent = `paused=${remote.paused} currentTime=${remote.currentTime.toFixed(1)} duration=${duration} muted=${remote.muted} ${remote.playbackType}`;
  };
  for (const type of ['play', 'playing', 'pause', 'ended', 'error']) {
    remote.addEventListener(type, () => {
      const line = document.createElement('div');
      line.textContent = `${new Date().toLocaleTimeString()} ${type}${remote.playbackType ? ` (${remote.playbackType})` : ''}`;
      log.prepend(line);
      showState();
    });
  }
  remote.addEventListener('timeupdate', showState);
  document.querySelector('.remote')!.addEventListener('click', (event) => {
    const action = (event.target as HTMLElement).closest('button')?.dataset.action;
    if (action === 'play') remote.play().catch((error: DOMException) => (state.textContent = `play() rejected: ${error.name}`));
    else if (action === 'pause') remote.pause();
    else if (action === 'seek') remote.currentTime = 3;
    else if (action === 'mute') remote.muted = !remote.muted;
    showState();
  });
  showState();
}

async function main(): Promise<void> {
  wireRemote();
  try {
    const { testimonials } = await client.listTestimonials({ type: 'video', limit: 6 });
    const videos = testimonials.filter((testimonial) => testimonial.video || testimonial.video_url);
    status.textContent = `${videos.length} video testimonial(s) from /api.`;
    showTestimonials(videos);
  } catch (error) {
    status.textContent = `Could not load video testimonials: ${(error as Error).message}`;
  }
  // The sections appear together, once they are filled (see demo.css), so nothing on screen moves.
  document.querySelector('main')!.removeAttribute('aria-busy');
}

void main();
