// FetchController: one fetched thing per element, with an AbortSignal on every request, stale answers
// dropped, and a request cut off by leaving the page asked again on return.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FetchController } from '../../../src/elements/shared/fetch-controller.js';
import { FakeHost } from './fake-host.js';

/** A loader whose answers the test gives by hand; it records every signal it was given. */
function manualLoader<T>() {
  const calls: { signal: AbortSignal; resolve(value: T): void; reject(error: unknown): void }[] = [];
  const load = (signal: AbortSignal) => new Promise<T>((resolve, reject) => calls.push({ signal, resolve, reject }));
  return { calls, load };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('FetchController', () => {
  it('fetches once per key, and a new key aborts the stale request and ignores its late answer', async () => {
    const host = new FakeHost();
    const settled: string[] = [];
    const controller = new FetchController<string>(host, ({ status, value }) => settled.push(`${status}:${value}`));
    const { calls, load } = manualLoader<string>();
    controller.request('a', load);
    controller.request('a', load);
    assert.equal(calls.length, 1);
    assert.equal(controller.status, 'pending');
    controller.request('b', load);
    assert.equal(calls[0]!.signal.aborted, true);
    assert.equal(calls[0]!.signal.reason.name, 'AbortError');
    calls[0]!.resolve('late');
    calls[1]!.resolve('fresh');
    await settle();
    assert.equal(controller.status, 'complete');
    assert.equal(controller.value, 'fresh');
    assert.deepEqual(settled, ['complete:fresh']);
  });

  it('keeps an error, and retry() asks again', async () => {
    const controller = new FetchController<string>(new FakeHost());
    const { calls, load } = manualLoader<string>();
    controller.request('k', load);
    calls[0]!.reject(new Error('503'));
    await settle();
    assert.equal(controller.status, 'error');
    assert.equal((controller.error as Error).message, '503');
    const retried = controller.retry();
    assert.equal(controller.status, 'pending');
    calls[1]!.resolve('ok');
    await retried;
    assert.equal(controller.status, 'complete');
    assert.equal(controller.error, undefined);
  });

  it('an undefined key forgets the question: idle, and what was in flight is aborted', () => {
    const controller = new FetchController<string>(new FakeHost());
    const { calls, load } = manualLoader<string>();
    controller.request('k', load);
    controller.request(undefined);
    assert.equal(controller.status, 'idle');
    assert.equal(calls[0]!.signal.aborted, true);
  });

  it('leaving the page aborts the request in flight; coming back asks again', async () => {
    const host = new FakeHost();
    const controller = new FetchController<string>(host);
    const { calls, load } = manualLoader<string>();
    controller.request('k', load);
    controller.hostDisconnected();
    assert.equal(calls[0]!.signal.aborted, true);
    controller.hostConnected();
    assert.equal(calls.length, 2);
    calls[1]!.resolve('back');
    await settle();
    assert.equal(controller.value, 'back');
    // Nothing in flight: leaving and coming back asks nothing.
    controller.hostDisconnected();
    controller.hostConnected();
    assert.equal(calls.length, 2);
  });

  it('a loader that throws at once is an error, not an exception in the caller', async () => {
    const controller = new FetchController<string>(new FakeHost());
    controller.request('bad', () => {
      throw new TypeError('endpoint "" is empty');
    });
    await settle();
    assert.equal(controller.status, 'error');
  });
});
