/**
 * The player in and out of view: a muted hero with `autoplay` starts once it comes into view (once per
 * stay on the page), a playing video pauses when it leaves the view, and a muted hero resumes when it
 * comes back (a video with sound waits for the viewer). Never under `prefers-reduced-motion`, which is
 * followed live: asking for reduced motion pauses a hero that autoplays, and taking it back starts one
 * in view that has not played yet.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { InViewController } from '../shared/in-view.js';
import { reducedMotion } from '../shared/media-query.js';

/** What the controller needs of its player. */
export interface AutoplayPlayer extends ReactiveControllerHost, HTMLElement {
  autoplay: boolean;
  muted: boolean;
  pause(): void;
}

export interface AutoplayState {
  /** Whether the player plays now (a source started and not paused). */
  playing(): boolean;
  /** Whether the player shows its poster (never played, or torn down). */
  atPoster(): boolean;
  /** Asks the player to play. */
  play(): void;
}

export class InViewAutoplay implements ReactiveController {
  private inView = false;
  private pausedOffscreen = false;
  private autoplayed = false;
  private readonly reduce;

  constructor(
    private readonly host: AutoplayPlayer,
    private readonly state: AutoplayState,
  ) {
    host.addController(this);
    this.reduce = reducedMotion(host, (reduce) => {
      if (reduce && this.autoplayed && this.canAutoplay(false) && state.playing()) host.pause();
      else if (!reduce && this.inView) this.entered(false);
    });
    new InViewController(host, (entry) => {
      this.inView = entry.isIntersecting;
      if (this.inView) this.entered(this.pausedOffscreen);
      else if (this.state.playing()) {
        this.pausedOffscreen = true;
        host.pause();
      }
    });
  }

  hostDisconnected(): void {
    // A hero put back on the page autoplays again, as a fresh one would.
    this.autoplayed = false;
    this.inView = false;
  }

  /** The player went back to its poster: nothing paused off screen waits to resume. */
  forget(): void {
    this.pausedOffscreen = false;
  }

  private entered(resume: boolean): void {
    this.pausedOffscreen = false;
    if (!this.canAutoplay(true)) return;
    if (this.state.atPoster() && !this.autoplayed) {
      this.autoplayed = true;
      this.state.play();
    } else if (resume) {
      // Only a muted hero resumes on its own: a video with sound waits for the viewer.
      this.state.play();
    }
  }

  private canAutoplay(motionMatters: boolean): boolean {
    return this.host.autoplay && this.host.muted && !(motionMatters && this.reduce.matches);
  }
}
