/**
 * `paging="scroll"`: a sentinel after the last card (the wall renders it while `canPage` holds), watched
 * with a 400px margin below the viewport, asks for the next page as it comes near. A chunk of its own,
 * loaded by walls that page on scroll, over the shared in-view controller.
 */
import type { ReactiveControllerHost } from 'lit';
import { InViewController } from '../shared/in-view.js';

export class ScrollPaging {
  constructor(
    host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode },
    /** Whether the next page may be asked for now (the sentinel is rendered while it may). */
    readonly canPage: () => boolean,
    loadMore: () => void,
  ) {
    new InViewController(host, (entry) => entry.isIntersecting && canPage() && loadMore(), {
      target: () => host.renderRoot.querySelector('.sentinel'),
      rootMargin: '0px 0px 400px 0px',
    });
  }
}
