/**
 * One video at a time on a page: when a player starts, every other player that is playing pauses.
 * The registry lives in this module, not on `window`, and holds players only while they play.
 */

export interface Pausable {
  pause(): void;
}

const playing = new Set<Pausable>();

/** `player` started playing: pauses the others and remembers it until `releasePlayback`. */
export function claimPlayback(player: Pausable): void {
  for (const other of [...playing]) {
    if (other !== player) other.pause();
  }
  playing.add(player);
}

/** `player` paused, ended or left the page. */
export function releasePlayback(player: Pausable): void {
  playing.delete(player);
}
