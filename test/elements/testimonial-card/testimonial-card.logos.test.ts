/**
 * Issue 13, item 16: a wide logo is shown whole, never cropped, and never shrunk into a square sliver
 * beside the company name; images in the media list are shown whole too.
 */
import { expect } from '@open-wc/testing';
import { sampleTestimonial } from './fixtures.js';
import { cardFor, part } from './helpers.js';
import { until } from '../testimonial-wall/wall-helpers.js';

/** A 160 × 40 logo (the sandbox's Lumen Labs), served by the test server. */
const WIDE_LOGO = `${location.origin}/src/sandbox/media/logos/lumen.svg`;

async function loadedImage(image: HTMLImageElement): Promise<void> {
  await until(() => image.complete && image.naturalWidth > 0, 'the image loaded');
}

describe('<testimonial-card> logos', () => {
  it('shows a wide company logo whole, at its own proportions, beside the company name', async () => {
    const card = await cardFor(sampleTestimonial({ customer_company: 'Lumen Labs', customer_company_logo: WIDE_LOGO }));
    const logo = part<HTMLImageElement>(card, 'logo')!;
    await loadedImage(logo);
    const box = logo.getBoundingClientRect();
    expect(box.width / box.height, 'rendered proportions').to.be.closeTo(160 / 40, 0.1);
    expect(box.height).to.be.at.least(16);
    expect(getComputedStyle(logo).objectFit).to.equal('contain');
  });

  it('shows a wide image of the media list whole (contain), never cropped', async () => {
    const card = await cardFor(sampleTestimonial({ media: [{ url: WIDE_LOGO, type: 'image', alt: 'Lumen Labs logo' }] }));
    const image = part<HTMLImageElement>(card, 'media-image')!;
    await loadedImage(image);
    expect(getComputedStyle(image).objectFit).to.equal('contain');
  });
});
