/**
 * The proxy's rules (proxy-cases.ts) on Node, in this process, over the counting stub upstream.
 */
import { describe } from 'node:test';
import { HarnessCore, LocalHarness } from './harness.js';
import { registerProxyCases } from './proxy-cases.js';

const harness = new LocalHarness(
  new HarnessCore(() => {
    throw new Error('sandbox upstream not wired yet');
  }),
);

describe('proxy on Node', () => {
  registerProxyCases('node', () => harness);
});
