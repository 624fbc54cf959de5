/**
 * `paging="scroll"`: a sentinel after the last card, watched with a 400px margin below the viewport,
 * asks for the next page as it comes near. A reactive controller over the shared in-view one.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { InViewController } from '../shared/in-view.js';

export class ScrollPaging {
  constructor(
    host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode },
    /** Whether the next page may be asked for now. */
    private readonly mayPage: () => boolean,
    loadMore: () => void,
  ) {
    new InViewController(host, (entry) => entry.isIntersecting && this.mayPage() && loadMore(), {
      target: () => host.renderRoot.querySelector('.sentinel'),
      rootMargin: '0px 0px 400px 0px',
    });
  }

  /** The sentinel, while scroll paging can ask for more. */
  render(scroll: boolean): TemplateResult | typeof nothing {
    return scroll && this.mayPage() ? html`<div class="sentinel" aria-hidden="true"></div>` : nothing;
  }
}
