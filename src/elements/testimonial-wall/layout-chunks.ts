/**
 * The wall's layouts that come in chunks of their own: the carousel and the marquee (with their
 * styles), and masonry's placement of cards under the shortest column; grid and list need none. A
 * reactive controller: it knows which layout the wall shows, fetches that layout's chunk on first need
 * (the skeleton stands in meanwhile), shows a list should the chunk fail to load, and places masonry's
 * cards after each update once its chunk is here.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { lazyModule, type LazyModule } from '../shared/lazy-module.js';
import { errorMessage } from '../shared/events.js';
import type { WarnFn } from '../shared/warnings.js';
import type { MasonryLayout } from './masonry-layout.js';
import type { WallLayout } from './wall-options.js';

/** The carousel and the marquee, with their styles: a chunk that only walls showing one of them load. */
export const movingLayouts = lazyModule(() => import('./moving-layouts.js'));

/** Masonry's placement of cards under the shortest column: a chunk of its own too. */
const masonryLayout = lazyModule(() => import('./masonry-layout.js'));

/** Whether the layout moves (the carousel, the marquee). */
export function isMoving(layout: string): boolean {
  return layout === 'carousel' || layout === 'marquee';
}

/** The chunk a layout needs beyond the entry, if any. */
function layoutModule(layout: WallLayout): LazyModule<unknown> | undefined {
  return isMoving(layout) ? movingLayouts : layout === 'masonry' ? masonryLayout : undefined;
}

/** What the controller needs of its wall. */
export interface LayoutHost extends ReactiveControllerHost {
  readonly renderRoot: ParentNode;
}

export class LayoutChunks implements ReactiveController {
  /** The layout shown: the one asked for (checked), or `list` when its chunk could not be loaded. */
  shown: WallLayout = 'masonry';
  /** Made once masonry's chunk has arrived, for a wall that shows masonry. */
  private masonryPlacer: MasonryLayout | undefined;

  constructor(
    private readonly layoutHost: LayoutHost,
    private readonly warnAbout: WarnFn,
    /** The first slice of cards rendered: masonry places from it. */
    private readonly firstBatch: () => unknown,
  ) {
    layoutHost.addController(this);
  }

  /** Shows `layout`, fetching its chunk if it is not here yet and is `wanted` now (truthy). */
  show(layout: WallLayout, wanted: unknown): void {
    this.shown = layout;
    if (wanted && this.awaiting) this.fetchChunk();
  }

  /**
   * Whether the layout shown is in a chunk that has not arrived yet: its skeleton stands in until then
   * (masonry's too: cards drawn as a grid first would move when the chunk places them; a
   * server-rendered wall is never masonry, see renderWall).
   */
  get awaiting(): boolean {
    const module = layoutModule(this.shown);
    return !!module && !module.loaded;
  }

  /** While `awaiting`: settles once the layout's chunk is here or has failed (for the wall's `updateComplete`). */
  settled(): Promise<unknown> {
    return layoutModule(this.shown)!
      .load()
      .catch(() => undefined);
  }

  hostUpdated(): void {
    const masonry = masonryLayout.loaded;
    if (masonry && this.shown === 'masonry') this.masonryPlacer ??= new masonry.MasonryLayout();
    this.masonryPlacer?.update(this.layoutHost.renderRoot, this.firstBatch());
  }

  /**
   * Fetches the layout's chunk; the skeleton stays until it is here. Should it fail to load (offline,
   * say), the wall shows its testimonials as a list rather than nothing.
   */
  private fetchChunk(): void {
    const asked = this.shown;
    layoutModule(asked)!
      .load()
      .catch((error: unknown) => {
        if (this.shown !== asked) return;
        this.warnAbout('TE-LAYOUT-UNAVAILABLE', `layout=${asked} could not be loaded (${errorMessage(error)}); showing a list instead.`);
        this.shown = 'list';
      })
      // Drawn anew either way: the layout, or the list instead.
      .then(() => this.layoutHost.requestUpdate());
  }
}
