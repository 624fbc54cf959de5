/**
 * The global cap on creations: at most `perHour` in any sliding hour, whoever asks. It bounds what a
 * botnet that passes every other check can push into the moderation queue (and, with the form tokens'
 * lifetime, the memory of spent tokens). Holds one timestamp per creation of the last hour.
 */
export const HOUR_MS = 3_600_000;

export type CapDecision = { allowed: true; release: () => void } | { allowed: false; retryAfterSeconds: number };

export class CreationCap {
  private readonly times: number[] = [];

  constructor(
    private readonly perHour: number,
    private readonly clock: () => number,
  ) {}

  /** Takes a place in the hour, or says when the oldest one frees up. `release` gives it back. */
  take(): CapDecision {
    const now = this.clock();
    while (this.times.length > 0 && this.times[0]! <= now - HOUR_MS) this.times.shift();
    if (this.times.length >= this.perHour) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((this.times[0]! + HOUR_MS - now) / 1000)) };
    }
    this.times.push(now);
    return {
      allowed: true,
      release: () => {
        const index = this.times.lastIndexOf(now);
        if (index >= 0) this.times.splice(index, 1);
      },
    };
  }
}
