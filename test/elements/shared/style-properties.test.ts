import { expect } from '@open-wc/testing';
import { html, render } from 'lit';
import { styleProperties } from '../../../src/elements/shared/style-properties.js';

describe('styleProperties', () => {
  let container: HTMLDivElement;

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
  });

  afterEach(() => container.remove());

  const draw = (count: string, ratio: string) =>
    render(html`<p ${styleProperties({ '--_count': count, 'aspect-ratio': ratio })}>x</p>`, container);

  it('sets custom and standard properties through CSSOM', () => {
    draw('3', '9 / 16');
    const p = container.querySelector('p')!;
    expect(p.style.getPropertyValue('--_count')).to.equal('3');
    expect(getComputedStyle(p).aspectRatio).to.equal('9 / 16');
  });

  it('follows new values on the next render, on the same element', () => {
    draw('3', '16 / 9');
    const p = container.querySelector('p')!;
    draw('12', '1 / 1');
    expect(container.querySelector('p')).to.equal(p);
    expect(p.style.getPropertyValue('--_count')).to.equal('12');
    expect(p.style.getPropertyValue('aspect-ratio')).to.equal('1 / 1');
  });

  it('refuses to be bound anywhere but on an element', () => {
    expect(() => render(html`<p style=${styleProperties({ color: 'red' })}></p>`, container)).to.throw(TypeError, /element binding/);
  });
});
