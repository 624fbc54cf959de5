/**
 * The proxy's rules (proxy-cases.ts) on Node, in this process, over the counting stub upstream.
 */
import { describe } from 'node:test';
import { createSandbox } from '../../src/sandbox/index.js';
import { HarnessCore, LocalHarness } from './harness.js';
import { registerProxyCases } from './proxy-cases.js';
import { TEST_KEY } from './stub-upstream.js';

const harness = new LocalHarness(new HarnessCore(() => createSandbox({ key: TEST_KEY }).fetch));

describe('proxy on Node', () => {
  registerProxyCases('node', () => harness);
});
