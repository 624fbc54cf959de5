/**
 * A long list's later slices come in tasks of their own, not in animation frames (next-slice.ts): a
 * slice waiting for the next frame also waited, idle, for the display's next one. Where the page has
 * not rendered for a while (Firefox lets a queue of tasks go before its frames), a slice waits for a
 * frame, so the reveal is painted as it goes.
 */
import { expect } from '@open-wc/testing';
import * as slices from '../../../src/elements/testimonial-wall/next-slice.js';
import { SliceSizer } from '../../../src/elements/testimonial-wall/slice-sizer.js';

const { nextSlice } = slices;

/** What the slice's callback got: the frame's time in an animation frame, nothing in a task. */
const slice = (): Promise<number | undefined> => new Promise((resolve) => nextSlice(resolve));
const animationFrame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));

/** Keeps the main thread busy (no frame can render meanwhile). */
function block(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('nextSlice', () => {
  it('comes in a task while the page renders, and in a frame once it has not for 50 ms', async () => {
    // Long since the last frame it saw (or none yet): a frame.
    block(60);
    expect(await slice()).to.be.a('number');
    // Right after one: a task, which gets no frame time.
    expect(await slice()).to.equal(undefined);
    expect(await slice()).to.equal(undefined);
    // Tasks that keep the page from rendering for longer: a frame again.
    await animationFrame();
    await slice();
    block(60);
    expect(await slice()).to.be.a('number');
  });

  it('runs more than one slice before a frame when they are quick', async () => {
    block(60);
    expect(await slice()).to.be.a('number');
    let frameCame = false;
    requestAnimationFrame(() => (frameCame = true));
    // A frame's task is queued at the display's next frame, up to 16.7 ms away; these take none.
    expect(await slice()).to.equal(undefined);
    expect(await slice()).to.equal(undefined);
    expect(frameCame).to.equal(false);
  });

  it('comes in a task in a hidden document, which renders no frames', async () => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    try {
      block(60);
      expect(await slice()).to.equal(undefined);
    } finally {
      delete (document as { hidden?: boolean }).hidden;
    }
    expect(document.hidden).to.equal(false);
  });

  it('is cancelled, in a task and in a frame', async () => {
    let ran = 0;
    block(60);
    await slice();
    nextSlice(() => ran++)();
    block(60);
    nextSlice(() => ran++)();
    await animationFrame();
    await animationFrame();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).to.equal(0);
  });

  it('tells what a frame costs, and the sizer gives the new items of a slice as much, up to a long task', async () => {
    /** A frame watched (a slice in a task asks for it) whose callbacks take `ms` more; the size after it. */
    const sizeAfterFrame = async (ms: number): Promise<number> => {
      block(60);
      await slice();
      expect(await slice()).to.equal(undefined);
      requestAnimationFrame(() => block(ms));
      await animationFrame();
      await new Promise((resolve) => setTimeout(resolve));
      // Slices of 30 and 40 items at 1 ms an item and no part of their own: 30 ms of budget is 30 items
      // or so (in turns of a fifth over and under), short of the double that caps a slice.
      const sizer = new SliceSizer({ chunkSize: 8, budgetMs: 30, maxChunkSize: 1000, scheduler: () => () => {} });
      let size = 0;
      for (let index = 0; index < 6; index++) size = sizer.record(30 + 10 * (index % 2), 30 + 10 * (index % 2));
      return size;
    };
    const cheapFrames = await sizeAfterFrame(0);
    expect(slices.frameCost).to.be.below(30);
    const dearFrames = await sizeAfterFrame(45);
    expect(slices.frameCost).to.be.at.least(45);
    expect(cheapFrames).to.be.within(24, 36);
    // 45 ms in turns of a fifth over and under, never over a long task's 50 ms.
    expect(dearFrames).to.be.within(36, 50);
    expect(dearFrames).to.be.above(cheapFrames);
  });
});
