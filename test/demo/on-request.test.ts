// @test-browsers: chromium (a click handler that moves a template: plain DOM calls, nothing an engine decides)
/**
 * demo/on-request.ts: the demo pages' failing states come when asked, where their template stands.
 */
import { expect } from '@open-wc/testing';

describe('demo/on-request', () => {
  it('puts the template where it stands on the first click only, and keeps the button', async () => {
    document.body.innerHTML = `<button type="button" data-shows="failing">Show</button>
      <div id="row"><span>first</span><template id="failing"><p class="shown">failing</p></template><span>last</span></div>`;
    await import('../../demo/on-request.js');
    const button = document.querySelector('button')!;
    expect(document.querySelectorAll('.shown').length).to.equal(0);
    button.click();
    button.click();
    const row = document.querySelector('#row')!;
    expect([...row.children].map((child) => child.localName).join(' ')).to.equal('span p template span');
    expect(button.isConnected && button.getAttribute('aria-disabled')).to.equal('true');
  });
});
