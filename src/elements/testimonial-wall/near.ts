/**
 * How near a wall is to the viewport, for its list (`ChunkedList.near()`): a wall far out of
 * view builds no card until it nears it. A chunk of its own over the shared in-view controller, which
 * the script-tag entry does not otherwise carry (the player's and scroll paging's chunks do).
 */
import type { ReactiveControllerHost } from 'lit';
import { InViewController } from '../shared/in-view.js';

/**
 * Tells `list` whether `host` is near the viewport (within a screen's height of it), now and whenever
 * that changes: far enough that a reader scrolling there finds the cards built.
 */
export default function watchNear(host: ReactiveControllerHost & Element, list: { near(isNear: boolean): void }): void {
  new InViewController(host, (entry) => list.near(entry.isIntersecting), { rootMargin: '100% 0px' });
}
