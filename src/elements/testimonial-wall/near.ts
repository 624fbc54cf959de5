/**
 * How near a wall is to the viewport (`TestimonialWall.near()`): a wall far out of view asks for
 * nothing until it nears it. A chunk of its own over the shared in-view controller, which
 * the script-tag entry does not otherwise carry (the player's and scroll paging's chunks do).
 */
import type { ReactiveControllerHost } from 'lit';
import { InViewController } from '../shared/in-view.js';

/**
 * Tells `wall` whether it is near the viewport (within a screen's height of it), now and whenever that
 * changes: far enough that a reader scrolling there finds the cards built (its answer comes meanwhile).
 */
export default function watchNear(wall: ReactiveControllerHost & Element & { near(isNear: boolean): void }): void {
  new InViewController(wall, (entry) => wall.near(entry.isIntersecting), { rootMargin: '100% 0px' });
}
