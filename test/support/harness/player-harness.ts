/** Drives a `<video-testimonial>` in tests: the play button, captions, the transcript, the error state. */
import type { VideoTestimonial } from '../../../src/elements/video-testimonial/video-testimonial.js';
import { ElementHarness, textOf } from './element-harness.js';

export class PlayerHarness extends ElementHarness<VideoTestimonial> {
  /** The inner `<video>`. */
  get video(): HTMLVideoElement {
    return this.part<HTMLVideoElement>('video')!;
  }

  /** The play button over the poster, or `null` once playing (or failed). */
  get playButton(): HTMLButtonElement | null {
    return this.part<HTMLButtonElement>('play-button');
  }

  /** Presses the play button, as a visitor does (it must be shown). */
  play(): Promise<void> {
    return this.click('play-button');
  }

  /** Whether the poster shows (not yet played, or back to it). */
  get atPoster(): boolean {
    return this.video.dataset['phase'] === 'poster';
  }

  /** The CC button, or `null` while the video has no captions. */
  get captionsButton(): HTMLButtonElement | null {
    return this.part<HTMLButtonElement>('captions-button');
  }

  /** Turns captions on or off with the CC button. */
  toggleCaptions(): Promise<void> {
    return this.click('captions-button');
  }

  /** The transcript's `<details>`, or `null` when there is none. */
  get transcript(): HTMLDetailsElement | null {
    return this.part<HTMLDetailsElement>('transcript');
  }

  /** The transcript's text. */
  transcriptText(): string {
    return textOf(this.root.querySelector('.transcript-text'));
  }

  /** The player's own "Try again" (its part is `retry-button`). */
  override retry(): Promise<void> {
    return this.click('retry-button');
  }
}
