import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lazyModule } from '../../../src/elements/shared/lazy-module.js';

describe('lazyModule', () => {
  it('imports once on first load and shares that import with every later load', async () => {
    let imports = 0;
    const lazy = lazyModule(async () => ({ id: ++imports }));
    assert.equal(lazy.loaded, undefined, 'nothing is imported before the first load');
    assert.equal(imports, 0);
    const [first, second] = await Promise.all([lazy.load(), lazy.load()]);
    assert.equal(first, second);
    assert.equal(await lazy.load(), first);
    assert.equal(lazy.loaded, first);
    assert.equal(imports, 1);
  });

  it('forgets a failed import, so the next load tries again', async () => {
    let attempts = 0;
    const lazy = lazyModule(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return 'module';
    });
    await assert.rejects(lazy.load(), /Failed to fetch/);
    assert.equal(lazy.loaded, undefined);
    assert.equal(await lazy.load(), 'module');
    assert.equal(attempts, 2);
  });
});
