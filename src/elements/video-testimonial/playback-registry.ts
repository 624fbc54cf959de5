/**
 * One video at a time on a page: when a player starts, every other player that is playing pauses; and
 * one player at a time is primed for a likely play (hls.js readied ahead of the click), so a pointer
 * crossing a wall of videos leaves one readied player, not one per video. The registry lives in this
 * module, not on `window`, and holds players only while they play or are primed.
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

let primed: { owner: object; drop: () => void } | undefined;

/** `owner` readied its playback: the player primed before it drops what it readied. */
export function claimPriming(owner: object, drop: () => void): void {
  if (primed && primed.owner !== owner) primed.drop();
  primed = { owner, drop };
}

/** `owner` played, or dropped what it readied. */
export function releasePriming(owner: object): void {
  if (primed?.owner === owner) primed = undefined;
}
