import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { FakeHost } from '../shared/fake-host.js';
import type { Testimonial } from '../../../src/client/types.js';
import { keyToMove, targetIndex } from '../../../src/elements/testimonial-wall/carousel-navigation.js';
import {
  ChunkedList,
  DEFAULT_BUDGET_MS,
  DEFAULT_MAX_CHUNK_SIZE,
  sliceSizer,
  type ChunkedListOptions,
} from '../../../src/elements/testimonial-wall/chunked-list.js';
import { nextSlice } from '../../../src/elements/testimonial-wall/next-slice.js';
import type { Scheduler } from '../../../src/elements/shared/next-frame.js';
import { firstFormUrl } from '../../../src/elements/testimonial-wall/form-link.js';
import { WallFeed } from '../../../src/elements/testimonial-wall/wall-feed.js';
import { listParamsFromAttributes, pageSize, WALL_QUERY_KEYS } from '../../../src/elements/testimonial-wall/wall-options.js';
import { splitRows } from '../../../src/elements/testimonial-wall/moving-layouts.js';
import { limitClasses, skeletonCount } from '../../../src/elements/testimonial-wall/wall-templates.js';

function collect(): { warn: (code: string, message: string) => void; messages: string[] } {
  const messages: string[] = [];
  return { warn: (code, message) => messages.push(`${code}: ${message}`), messages };
}

const t = (id: string) => ({ id }) as Testimonial;

describe('wall attributes → list query', () => {
  it('offers every list parameter of spec 4.1 except approved (the proxy forces it)', () => {
    assert.deepEqual([...WALL_QUERY_KEYS], ['sort', 'order', 'rating', 'type', 'integration', 'tags', 'query', 'lang', 'limit', 'page']);
  });

  it('reads attribute text like a query string', () => {
    const { warn, messages } = collect();
    const params = listParamsFromAttributes(
      {
        sort: 'rating',
        order: 'asc',
        rating: '5',
        type: 'video',
        integration: 'g2',
        tags: 'b, a ,,c',
        query: 'fast',
        lang: 'pt-BR',
        limit: '20',
        page: '3',
      },
      warn,
    );
    assert.deepEqual(params, {
      sort: 'rating',
      order: 'asc',
      rating: 5,
      type: 'video',
      integration: 'g2',
      tags: ['b', 'a', 'c'],
      query: 'fast',
      lang: 'pt-BR',
      limit: 20,
      page: 3,
    });
    assert.deepEqual(messages, []);
  });

  it('accepts typed property values', () => {
    const { warn, messages } = collect();
    assert.deepEqual(listParamsFromAttributes({ limit: 7, tags: ['x', 'y'], rating: 0 }, warn), {
      limit: 7,
      tags: ['x', 'y'],
      rating: 0,
    });
    assert.deepEqual(messages, []);
  });

  it('drops each invalid attribute alone, with a warning naming it, and keeps the others', () => {
    const { warn, messages } = collect();
    const params = listParamsFromAttributes(
      {
        sort: 'stars',
        limit: '0',
        page: 'two',
        integration: 'myspace',
        rating: '4.5',
        type: 'audio',
        order: 'up',
        lang: '!!',
        query: 'ok',
      },
      warn,
    );
    assert.deepEqual(params, { query: 'ok' });
    assert.equal(messages.length, 8);
    for (const key of ['sort', 'limit', 'page', 'integration', 'rating', 'type', 'order', 'lang']) {
      assert.ok(
        messages.some(
          (message) => message.startsWith(`TE-INVALID-${key.toUpperCase()}: ${key}=`) && message.endsWith('using the default.'),
        ),
        `a warning for ${key}: ${messages.join(' | ')}`,
      );
    }
    assert.match(
      messages.find((m) => m.startsWith('TE-INVALID-LIMIT'))!,
      /limit="0" is not valid \(.*limit/,
    );
  });

  it('treats absent and empty attributes as not given', () => {
    const { warn, messages } = collect();
    assert.deepEqual(listParamsFromAttributes({ sort: null, limit: undefined, query: '', tags: '' }, warn), {});
    assert.deepEqual(messages, []);
  });

  it('knows the page size: limit, else the spec default of 100', () => {
    assert.equal(pageSize({ limit: 12 }), 12);
    assert.equal(pageSize({}), 100);
  });
});

describe('WallFeed', () => {
  it('appends pages without duplicates and stops at a short page', () => {
    const feed = new WallFeed(1, 3);
    assert.equal(feed.isEmpty, true);
    assert.equal(feed.nextPage, 1);
    assert.deepEqual(
      feed.add(1, [t('a'), t('b'), t('c')]).map((x) => x.id),
      ['a', 'b', 'c'],
    );
    assert.equal(feed.hasMore, true);
    assert.equal(feed.nextPage, 2);
    // A testimonial approved meanwhile pushed "c" onto page 2 as well.
    assert.deepEqual(
      feed.add(2, [t('c'), t('d'), t('e')]).map((x) => x.id),
      ['d', 'e'],
    );
    assert.equal(feed.hasMore, true);
    assert.deepEqual(
      feed.add(3, [t('f')]).map((x) => x.id),
      ['f'],
    );
    assert.equal(feed.hasMore, false);
    assert.deepEqual(
      feed.items.map((x) => x.id),
      ['a', 'b', 'c', 'd', 'e', 'f'],
    );
  });

  it('starts at the page the wall asks for and refuses pages out of order', () => {
    const feed = new WallFeed(4, 2);
    assert.equal(feed.nextPage, 4);
    assert.throws(() => feed.add(5, [t('a')]), /Expected page 4, got page 5/);
    feed.add(4, []);
    assert.equal(feed.hasMore, false);
    assert.equal(feed.isEmpty, false);
  });

  it('drops duplicates inside one page too', () => {
    const feed = new WallFeed(1, 10);
    assert.deepEqual(
      feed.add(1, [t('a'), t('a'), t('b')]).map((x) => x.id),
      ['a', 'b'],
    );
  });
});

/** How many items the list has revealed. */
const revealed = (list: ChunkedList<unknown>): number => list.batches.flat().length;

function manualScheduler() {
  const queue: (() => void)[] = [];
  return {
    queue,
    scheduler: (callback: () => void) => {
      queue.push(callback);
      return () => queue.splice(queue.indexOf(callback), 1);
    },
    frame: () => queue.shift()?.(),
  };
}

describe('ChunkedList', () => {
  it('reveals the first slice at once and one slice per frame after that', async () => {
    const host = new FakeHost();
    const frames = manualScheduler();
    const list = new ChunkedList<number>(host, { chunkSize: 4, afterTask: () => {}, scheduler: frames.scheduler });
    list.replace(Array.from({ length: 10 }, (_, i) => i));
    assert.equal(revealed(list), 4);
    assert.equal(list.total, 10);
    assert.equal(list.done, false);
    let settled = false;
    void list.settled.then(() => (settled = true));
    frames.frame();
    assert.equal(revealed(list), 8);
    frames.frame();
    assert.equal(revealed(list), 10);
    assert.equal(list.done, true);
    assert.deepEqual(
      list.batches.map((batch) => batch.length),
      [4, 4, 2],
    );
    await Promise.resolve();
    assert.equal(settled, true);
    assert.equal(frames.queue.length, 0);
  });

  it('appends in new batches and never regroups revealed ones', () => {
    const frames = manualScheduler();
    const list = new ChunkedList<number>(new FakeHost(), { chunkSize: 4, afterTask: () => {}, scheduler: frames.scheduler });
    list.replace([1, 2, 3]);
    const first = list.batches[0];
    list.append([4, 5]);
    assert.equal(list.batches[0], first);
    assert.deepEqual(
      list.batches.map((batch) => [...batch]),
      [
        [1, 2, 3],
        [4, 5],
      ],
    );
  });

  it('stops on replace and pauses while the host is away', () => {
    const frames = manualScheduler();
    const list = new ChunkedList<number>(new FakeHost(), { chunkSize: 2, afterTask: () => {}, scheduler: frames.scheduler });
    list.replace([1, 2, 3, 4, 5]);
    list.hostDisconnected();
    assert.equal(frames.queue.length, 0);
    list.hostConnected();
    assert.equal(frames.queue.length, 1);
    list.replace([9]);
    assert.equal(frames.queue.length, 0);
    assert.deepEqual(
      list.batches.map((batch) => [...batch]),
      [[9]],
    );
    assert.equal(list.done, true);
  });
});

describe('ChunkedList: lists on one page', () => {
  it('share one frame budget: a slice waits for the next frame once the lists before it spent this one', () => {
    // A page of three walls, each revealing 10 items a slice at 1 ms an item (their hosts' updates,
    // run between the frame's callbacks, advance the clock), a budget of 15 ms a frame. Each kept to
    // its own budget, all three revealed a slice in each frame: 30 ms of slices in one task.
    let clock = 0;
    let time = 0;
    const queue: ((frame?: number) => void)[] = [];
    const scheduler = (callback: (frame?: number) => void) => {
      queue.push(callback);
      return () => queue.splice(queue.indexOf(callback), 1);
    };
    /** One frame: every callback queued before it, with the frame's time; returns how long it took. */
    const frame = (): number => {
      const began = clock;
      time += 16;
      for (const callback of queue.splice(0)) callback(time);
      return clock - began;
    };
    const lists = [0, 1, 2].map(() => {
      const host = new FakeHost();
      const list = new ChunkedList<number>(host, { chunkSize: 10, budgetMs: 15, afterTask: () => {}, scheduler, now: () => clock });
      let shown = 0;
      host.requestUpdate = () => {
        clock += revealed(list) - shown;
        shown = revealed(list);
      };
      list.replace(Array.from({ length: 30 }, (_, i) => i));
      return list;
    });
    const spent: number[] = [];
    while (lists.some((list) => !list.done)) spent.push(frame());
    // The first list of a frame always goes: 10 ms, then the second (10 ms spent, under 15), then the
    // third waits; so every frame holds at most two slices, and every list is done.
    assert.ok(
      spent.every((ms) => ms <= 20),
      `ms a frame: ${spent.join(' ')}`,
    );
    assert.equal(
      spent.reduce((sum, ms) => sum + ms, 0),
      60,
    );
    assert.deepEqual(
      lists.map((list) => list.batches.map((batch) => batch.length)),
      [
        [10, 10, 10],
        [10, 10, 10],
        [10, 10, 10],
      ],
    );
  });
});

describe('ChunkedList slice sizes', () => {
  // The sizer is a chunk of its own: here from the start, as in a wall whose list has many slices.
  before(() => sliceSizer.load());

  it('gives a measured list a task for each later slice, unless the list was given a scheduler', () => {
    const { SliceSizer } = sliceSizer.loaded!;
    const limits: ConstructorParameters<typeof SliceSizer>[0] = { chunkSize: 8, budgetMs: DEFAULT_BUDGET_MS, maxChunkSize: 60 };
    new SliceSizer(limits);
    assert.equal(limits.scheduler, nextSlice);
    const own: Scheduler = () => () => {};
    const given = { ...limits, scheduler: own };
    new SliceSizer(given);
    assert.equal(given.scheduler, own);
  });

  /**
   * A list driven by a fake clock: each frame costs `cost(shown, added)` ms, where `shown` is how many
   * items were revealed before the frame's slice and `added` how many it revealed. Returns the slices.
   */
  function reveal(total: number, cost: (shown: number, added: number) => number, options: ChunkedListOptions = {}): number[] {
    const frames = manualScheduler();
    let clock = 0;
    const after: (() => void)[] = [];
    const list = new ChunkedList<number>(new FakeHost(), {
      scheduler: frames.scheduler,
      afterTask: (callback) => after.push(callback),
      now: () => clock,
      ...options,
    });
    const sizes: number[] = [];
    let shown = 0;
    const pay = () => {
      const added = revealed(list) - shown;
      clock += cost(shown, added);
      shown = revealed(list);
      sizes.push(added);
      after.shift()!();
    };
    list.replace(Array.from({ length: total }, (_, i) => i));
    pay();
    while (!list.done) {
      frames.frame();
      pay();
    }
    assert.equal(after.length, 0);
    return sizes;
  }

  it('sizes the next slice so the cost of its items fits the time budget, within bounds', () => {
    // 2 ms an item, nothing fixed: 10 fit in 20 ms. Slices grow from the first by doubling (the first
    // measured is not on the line: it pays the host's first render) to that, then are a fifth under and
    // over it in turn (8 and 12), so the recent slices always have two sizes.
    assert.deepEqual(
      reveal(60, (_, added) => 2 * added, { chunkSize: 4, budgetMs: 20 }),
      [4, 8, 10, 8, 12, 8, 10],
    );
    // Cheap items: never more than the most a slice may hold.
    assert.deepEqual(
      reveal(100, (_, added) => 0.01 * added, { chunkSize: 4, budgetMs: 20, maxChunkSize: 30 }),
      [4, 8, 10, 20, 30, 28],
    );
  });

  it('never goes under the first slice (a fifth over and under in turn), however heavy the items', () => {
    // The first slice is not measured (it pays the wall's first render too): the second is twice as
    // large; then each is at most halved, and never under the first (1.6 and 2.4 items in turn here).
    assert.deepEqual(
      reveal(12, (_, added) => 100 * added, { chunkSize: 2 }),
      [2, 4, 3, 2, 1],
    );
  });

  it('a stall in one frame (a collection, another script) does not shrink the slices after it', () => {
    // The sixth frame, the second of the largest slices, stalls 500 ms.
    let frame = 0;
    const sizes = reveal(500, (_, added) => (++frame === 6 ? 500 : 0.25 * added + 2), { chunkSize: 8 });
    assert.deepEqual(sizes.slice(0, 4), [8, 16, 20, 40]);
    assert.deepEqual(
      sizes.slice(4, -1),
      Array.from({ length: sizes.length - 5 }, () => DEFAULT_MAX_CHUNK_SIZE),
    );
  });

  // A fake clock where the per-frame cost grows (issue 23): each frame costs 0.25 ms per new item, plus
  // a part that grows with the items already shown (the host and the page's rendering), 8 ms at first
  // and over the 20 ms budget on its own from 240 items on, as on a slow phone; and the first slice
  // also pays the wall's first render (200 ms). Sized from the whole frame's cost (or from the cost per
  // item, fixed part included) the slices shrank to one or two items a frame, a thousand frames.
  for (const [what, cost] of [
    ['grows with the items already shown', (shown: number, added: number) => (shown === 0 ? 200 : 8 + 0.05 * shown + 0.25 * added)],
    ['alone fills the budget (a slow device)', (shown: number, added: number) => (shown === 0 ? 200 : 30 + 0.25 * added)],
  ] as const) {
    it(`keeps slices large when the frame's fixed part ${what}: sized from the marginal cost of an item`, () => {
      const sizes = reveal(1000, cost);
      // 20 ms at 0.25 ms an item: 80 fit, 60 at most. After the first five frames every slice is large
      // (the line, which cannot tell the growth of the fixed part from the slices' own growth, rates an
      // item a little dearer than it is, and every other slice is a fifth under: over half the largest
      // slice still).
      const large = DEFAULT_MAX_CHUNK_SIZE / 2;
      assert.ok(
        sizes.slice(5, -1).every((size) => size >= large),
        `slices: ${sizes.join(' ')}`,
      );
      assert.ok(sizes.length <= 5 + Math.ceil(1000 / large), `${sizes.length} frames`);
    });
  }

  it("gives the new items as long as the frame's own part where that part is over the budget (a slow device), up to a long task", () => {
    // Issue 23: a phone 4× slower, late in a long list. Each frame costs 40 ms of its own (its style,
    // layout, paint, the host's update) and 3.2 ms a new item; every seventh frame stalls 60 ms more (a
    // collection). Sized from the 20 ms budget alone the slices held 7 items: 143 frames for 1,000,
    // which spent more on their own part (5.7 s) than on the items (3.2 s).
    let frame = 0;
    const sizes = reveal(1000, (shown, added) => (shown === 0 ? 200 : 40 + 3.2 * added + (++frame % 7 ? 0 : 60)));
    const settled = sizes.slice(5, -1);
    // 40 ms of items: 12.5 a frame on average, a fifth over and under in turn (10 and 15); the stalls
    // leave the line where it is.
    assert.ok(
      settled.every((size) => size >= 10 && size <= 16),
      `slices: ${sizes.join(' ')}`,
    );
    assert.ok(Math.abs(settled.reduce((sum, size) => sum + size, 0) / settled.length - 12.5) < 0.5, `slices: ${sizes.join(' ')}`);
    assert.ok(sizes.length * 40 <= 1000 * 3.2 * 1.1, `${sizes.length} frames`);
    // However dear the frame's own part, the items of one frame never take more than a long task's 50 ms.
    const dearer = reveal(1000, (shown, added) => (shown === 0 ? 200 : 120 + 3.2 * added));
    assert.ok(
      dearer.slice(2).every((size) => size * 3.2 <= 50 + 3.2),
      `slices: ${dearer.join(' ')}`,
    );
  });

  it('does not take a slope misread low for the cost of an item (slices doubled to frames of 150 ms at 4×)', () => {
    // 40 ms of its own and 3.2 ms a card, but the larger slices' frames happen to be 12 ms cheaper: the
    // line reads the cards far cheaper than they are. Taken as it is, it let slices grow to 34 cards
    // (109 ms of cards in a frame, against a 50 ms cap); half the cheapest cost per card seen (its own
    // part in it) bounds it from below: 23 at most.
    const sizes = reveal(1000, (shown, added) => (shown === 0 ? 200 : 40 + 3.2 * added - (added >= 13 ? 12 : 0)));
    assert.ok(
      sizes.every((size) => size <= 30),
      `slices: ${sizes.join(' ')}`,
    );
  });

  it('keeps the budget where the frame costs little of its own (a fast device)', () => {
    // 0.8 ms an item and 6 ms of its own: the default budget's worth of items a frame on average (a
    // fifth under and over it in turn: 30 and 45 of 37.5 at 30 ms), as the budget alone gives (the own
    // part is under it).
    const sizes = reveal(1000, (shown, added) => (shown === 0 ? 50 : 6 + 0.8 * added));
    const settled = sizes.slice(6, -1);
    const fit = DEFAULT_BUDGET_MS / 0.8;
    assert.ok(
      settled.every((size) => size >= Math.floor(fit * 0.8) && size <= Math.ceil(fit * 1.2)) &&
        Math.abs(settled.reduce((sum, size) => sum + size, 0) / settled.length - fit) < 1,
      `slices: ${sizes.join(' ')}`,
    );
  });
});

describe('carousel navigation', () => {
  it('maps arrow keys by writing direction, Home and End to the ends', () => {
    assert.equal(keyToMove('ArrowRight', false), 'next');
    assert.equal(keyToMove('ArrowLeft', false), 'previous');
    assert.equal(keyToMove('ArrowRight', true), 'previous');
    assert.equal(keyToMove('ArrowLeft', true), 'next');
    assert.equal(keyToMove('Home', false), 'first');
    assert.equal(keyToMove('End', true), 'last');
    assert.equal(keyToMove('Enter', false), undefined);
  });

  it('wraps around at both ends', () => {
    assert.equal(targetIndex('next', 4, 5), 0);
    assert.equal(targetIndex('previous', 0, 5), 4);
    assert.equal(targetIndex('next', 1, 5), 2);
    assert.equal(targetIndex('last', 1, 5), 4);
    assert.equal(targetIndex('first', 3, 5), 0);
    assert.equal(targetIndex('next', 0, 0), 0);
  });
});

describe('wall templates helpers', () => {
  it('marks items past each breakpoint limit, and the footer once a limit is full', () => {
    const limits = { sm: 2, lg: 4 };
    assert.equal(limitClasses('over', 0, limits), '');
    assert.equal(limitClasses('over', 2, limits), 'over-sm');
    assert.equal(limitClasses('over', 4, limits), 'over-sm over-lg');
    assert.equal(limitClasses('over', 9, { md: 0 }), 'over-md');
    assert.equal(limitClasses('capped', 1, limits), '');
    assert.equal(limitClasses('capped', 3, limits), 'capped-sm');
    assert.equal(limitClasses('capped', 4, limits), 'capped-sm capped-lg');
  });

  it('reserves a few skeleton cards, never more than a page', () => {
    assert.equal(skeletonCount('masonry', 100), 6);
    assert.equal(skeletonCount('grid', 2), 2);
    assert.equal(skeletonCount('carousel', 100), 3);
    assert.equal(skeletonCount('marquee', 100), 4);
  });

  it('deals marquee rows like cards, keeping them even', () => {
    assert.deepEqual(splitRows([1, 2, 3, 4, 5], 2), [
      [1, 3, 5],
      [2, 4],
    ]);
    assert.deepEqual(splitRows([1], 3), [[1]]);
    assert.deepEqual(splitRows([], 2), [[]]);
  });
});

describe('call to action link', () => {
  it('takes the first form with a safe http(s) URL', () => {
    const form = (url: string) => ({ id: url, name: 'Form', url });
    assert.equal(
      firstFormUrl({ forms: [form('javascript:alert(1)'), form('data:text/html,x'), form('https://forms.example/f/1')] }),
      'https://forms.example/f/1',
    );
    assert.equal(firstFormUrl({ forms: [] }), undefined);
    assert.equal(firstFormUrl(null), undefined);
    assert.equal(firstFormUrl({ forms: 'nope' as never }), undefined);
  });
});
