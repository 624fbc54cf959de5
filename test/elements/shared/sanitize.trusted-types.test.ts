/**
 * The markup-free preview on a page that enforces Trusted Types with the policy list README documents
 * (this file runs in a page of its own, so the policy does not reach other suites). The preview runs
 * before DOMPurify has loaded, so it must not hand a plain string to an HTML sink.
 */
import { expect } from '@open-wc/testing';
import { isSanitizerLoaded, markupFreeText, TRUSTED_TYPES_POLICY } from '../../../src/elements/shared/sanitize.js';

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective}: ${event.sample}`));

// A CSP <meta> applies from the moment it is inserted; the library's policy is created on first use,
// after this, so the policy list below is what decides.
const meta = document.createElement('meta');
meta.httpEquiv = 'Content-Security-Policy';
meta.content = `require-trusted-types-for 'script'; trusted-types lit-html dompurify ${TRUSTED_TYPES_POLICY}`;
document.head.append(meta);

describe('sanitize under Trusted Types', () => {
  it('reads text with markup and references without DOMPurify and without a Trusted Types violation', async () => {
    expect(isSanitizerLoaded()).to.equal(false);
    expect(markupFreeText('Fast <mark>and</mark> &amp; <b>kind</b> caf&eacute; &#x2014; R&D')).to.equal('Fast and & kind café — R&D');
    expect(markupFreeText('<img src=x onerror="alert(1)">only text')).to.equal('only text');
    // The event of a violation is dispatched in a task of its own: let it arrive before looking.
    await new Promise((resolve) => setTimeout(resolve));
    expect(violations).to.deep.equal([]);
  });
});
