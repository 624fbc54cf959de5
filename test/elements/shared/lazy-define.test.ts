import { expect, waitUntil } from '@open-wc/testing';
import { defineOnFirstUse, loadWhenUsedInDocument, requestDefinition } from '../../../src/elements/shared/lazy-define.js';

let counter = 0;
/** A fresh tag and a loader that defines it and counts its calls. */
function lazyTag(options: { fail?: boolean } = {}) {
  const tag = `lazy-probe-${++counter}`;
  const calls = { count: 0 };
  defineOnFirstUse(tag, async () => {
    calls.count++;
    if (options.fail && calls.count === 1) throw new Error('network down');
    customElements.define(tag, class extends HTMLElement {});
  });
  return { tag, calls };
}

describe('lazy-define', () => {
  it('loads nothing until asked, then once however often it is asked', async () => {
    const { tag, calls } = lazyTag();
    expect(calls.count).to.equal(0);
    await Promise.all([requestDefinition(tag), requestDefinition(tag), requestDefinition(tag)]);
    expect(customElements.get(tag)).to.not.equal(undefined);
    expect(calls.count).to.equal(1);
  });

  it('resolves at once for a tag nobody registered a loader for', async () => {
    await requestDefinition('never-registered-tag');
    expect(customElements.get('never-registered-tag')).to.equal(undefined);
  });

  it('reports a failed load without rejecting, and tries again on the next request', async () => {
    const { tag, calls } = lazyTag({ fail: true });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await requestDefinition(tag);
    } finally {
      console.error = original;
    }
    expect(errors.length).to.equal(1);
    expect(customElements.get(tag)).to.equal(undefined);
    await requestDefinition(tag);
    expect(calls.count).to.equal(2);
    expect(customElements.get(tag)).to.not.equal(undefined);
  });

  it('loads a tag already in the document', async () => {
    const { tag, calls } = lazyTag();
    const host = document.createElement('div');
    host.innerHTML = `<${tag}></${tag}>`;
    document.body.append(host);
    loadWhenUsedInDocument(tag);
    await waitUntil(() => customElements.get(tag), 'the element is defined');
    expect(calls.count).to.equal(1);
    host.remove();
  });

  it('loads a tag added to the document later, nested or not, and only then', async () => {
    const { tag, calls } = lazyTag();
    loadWhenUsedInDocument(tag);
    const unrelated = document.createElement('section');
    document.body.append(unrelated);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.count).to.equal(0, 'an unrelated addition loads nothing');
    unrelated.innerHTML = `<p><${tag}></${tag}></p>`;
    await waitUntil(() => customElements.get(tag), 'the element is defined');
    expect(calls.count).to.equal(1);
    unrelated.remove();
  });
});
