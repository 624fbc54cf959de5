// @test-browsers: chromium (a pure function of its argument)
import { expect } from '@open-wc/testing';
import { overviewLine } from '../../demo/overview-line.js';

describe('overview listing', () => {
  it('shows the stars of a rating, and no empty "· ·" for a testimonial without one (issue 13 item 19)', () => {
    expect(overviewLine({ customer_name: 'Ada', rating: 4, type: 'text' })).to.equal('Ada · ★★★★ · text');
    expect(overviewLine({ customer_name: 'Ben', rating: 0, type: 'video' })).to.equal('Ben · video');
  });
});
