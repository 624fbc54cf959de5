/**
 * A long list's later slices come in tasks of their own, not in animation frames (next-slice.ts): a
 * slice waiting for the next frame also waited, idle, for the display's next one. Where the page has
 * not rendered for a while (Firefox lets a queue of tasks go before its frames), a slice waits for a
 * frame, so the reveal is painted as it goes.
 */
import { expect } from '@open-wc/testing';
import { nextSlice } from '../../../src/elements/testimonial-wall/next-slice.js';

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
});
