/**
 * A long list's later slices come in tasks of their own, not in animation frames (next-slice.ts): a
 * slice waiting for the next frame also waited, idle, for the display's next one. Where the page has
 * not rendered for a while (Firefox lets a queue of tasks go before its frames), a slice waits for a
 * frame, so the reveal is painted as it goes. And the frames' cost is watched, for the slice sizer.
 *
 * Which way a slice comes is decided on `performance.now()`, which these tests set: on a loaded machine
 * the real clock may pass 50 ms between two tasks.
 */
import { expect } from '@open-wc/testing';
import * as slices from '../../../src/elements/testimonial-wall/next-slice.js';
import { SliceSizer } from '../../../src/elements/testimonial-wall/slice-sizer.js';

const { nextSlice } = slices;

/** What the slice's callback got: the frame's time in an animation frame, nothing in a task. */
const slice = (): Promise<number | undefined> => new Promise((resolve) => nextSlice(resolve));
const animationFrame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));
const nextTask = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve));

/** The clock nextSlice reads, when set; the real one otherwise. */
let clock: number | undefined;
const realNow = performance.now.bind(performance);

/** Keeps the main thread busy for `ms` of real time (no frame can render meanwhile). */
function block(ms: number): void {
  const end = realNow() + ms;
  while (realNow() < end);
}

describe('nextSlice', () => {
  before(() => {
    performance.now = () => clock ?? realNow();
  });
  after(() => {
    delete (performance as { now?: unknown }).now;
    clock = undefined;
  });

  it('comes in a task while the page renders, and in a frame once it has not for 50 ms', async () => {
    // Long since the last frame it saw (or none yet): a frame.
    clock = 1e9;
    expect(await slice()).to.be.a('number');
    // Soon after it: a task, which gets no frame time.
    clock += 10;
    expect(await slice()).to.equal(undefined);
    clock += 30;
    expect(await slice()).to.equal(undefined);
    // Long past 50 ms since the last frame (a frame it watched meanwhile may have come at 1e9 + 40): a
    // frame again.
    clock += 100;
    expect(await slice()).to.be.a('number');
  });

  it('comes in a task in a hidden document, which renders no frames', async () => {
    clock = 2e9;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    try {
      expect(await slice()).to.equal(undefined);
    } finally {
      delete (document as { hidden?: boolean }).hidden;
    }
    expect(document.hidden).to.equal(false);
  });

  it('is cancelled, in a task and in a frame', async () => {
    let ran = 0;
    clock = 3e9;
    await slice();
    nextSlice(() => ran++)();
    clock += 60;
    nextSlice(() => ran++)();
    await animationFrame();
    await animationFrame();
    await nextTask();
    expect(ran).to.equal(0);
  });

  it('tells what a frame costs, and the sizer gives the new items of a slice as much, up to a long task', async () => {
    /** A frame watched (a slice in a task asks for it) whose callbacks take `ms` more; the size after it. */
    const sizeAfterFrame = async (ms: number): Promise<number> => {
      clock = (clock ?? 0) + 1e9;
      await slice();
      clock += 1;
      nextSlice(() => {});
      // The real clock, to time the frame.
      clock = undefined;
      requestAnimationFrame(() => block(ms));
      await animationFrame();
      await nextTask();
      // Slices of 30 and 40 items at 1 ms an item and no part of their own: 30 ms of budget is 30 items
      // or so (in turns of a fifth over and under), short of the double that caps a slice.
      const sizer = new SliceSizer({ chunkSize: 8, budgetMs: 30, maxChunkSize: 1000, scheduler: () => () => {} });
      let size = 0;
      for (let index = 0; index < 6; index++) size = sizer.record(30 + 10 * (index % 2), 30 + 10 * (index % 2));
      return size;
    };
    clock = 4e9;
    const cheapFrames = await sizeAfterFrame(0);
    clock = 6e9;
    const dearFrames = await sizeAfterFrame(45);
    // Firefox rounds its clock to the millisecond.
    expect(slices.frameCost).to.be.at.least(44);
    // The budget alone (30 ms) gives 36 items at this turn (a fifth over); 45 ms a fifth over is 54,
    // never over a long task's 50 ms. A cheap frame gives the budget, or more on a loaded machine.
    expect(cheapFrames).to.be.within(24, 50);
    expect(dearFrames).to.be.within(37, 50);
  });
});
