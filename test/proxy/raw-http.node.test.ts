/**
 * The Node runner of the proxy facing requests an HTTP client library would not send, over a raw socket.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiErrorBody } from '../../src/client/types.js';
import { serveProxy, type ServedProxy } from '../../src/node/proxy-server.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { rawRequest } from '../support/raw-http.js';

describe('serveProxy over a raw socket', () => {
  let served: ServedProxy;
  before(async () => {
    served = await serveProxy({ port: 0, upstream: 'http://sandbox.test/v1', apiKey: 'sandbox-key', fetch: createSandbox().fetch });
  });
  after(() => served.close());

  it('answers HTTP/1.0 without a Host header 400 with a JSON body that says why', async () => {
    const answer = await rawRequest(served.port, 'GET /testimonials HTTP/1.0');
    assert.equal(answer.status, 400, answer.raw);
    assert.match(answer.headers['content-type'] ?? '', /^application\/json/);
    const { error } = JSON.parse(answer.body) as ApiErrorBody;
    assert.equal(error.status, 400);
    assert.equal(error.code, 'invalid_request');
    assert.match(error.message, /Host header/);
  });

  it('answers the same request with a Host header', async () => {
    const answer = await rawRequest(served.port, `GET /testimonials?limit=1 HTTP/1.0\r\nHost: 127.0.0.1:${served.port}`);
    assert.equal(answer.status, 200, answer.raw);
    assert.equal((JSON.parse(answer.body) as { total: number }).total, 1);
  });
});
