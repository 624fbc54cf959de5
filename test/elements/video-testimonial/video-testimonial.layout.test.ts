/**
 * The player's box holds everything it draws, its visually hidden live region included: a player in a
 * carousel slide far along the track stretched a 412 px phone's page to 2,407 px (the region's containing
 * block was the wall, outside the scrolling track, so the track did not clip it).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/video-testimonial/define.js';
import type { VideoTestimonial } from '../../../src/elements/video-testimonial/video-testimonial.js';
import { mediaUrl } from './video-fixtures.js';

describe('<video-testimonial> layout', () => {
  it('reaches nothing past a scroller it sits far along in (a carousel slide)', async () => {
    // The positioned box outside the scroller stands for the wall; it scrolls too, so its scrollWidth
    // says whether anything of the player reached it.
    const outside = await fixture<HTMLElement>(html`
      <div style="position: relative; overflow: auto; width: 300px">
        <div style="overflow-x: auto; width: 300px">
          <div style="display: flex; width: 3000px">
            <video-testimonial
              style="flex: none; margin-inline-start: 2600px; width: 300px"
              src=${mediaUrl('low.mp4')}
              poster=${mediaUrl('poster.jpg')}
              label="Sample"
            ></video-testimonial>
          </div>
        </div>
      </div>
    `);
    const player = outside.querySelector<VideoTestimonial>('video-testimonial')!;
    await player.updateComplete;
    expect(outside.scrollWidth).to.equal(outside.clientWidth);
  });
});
