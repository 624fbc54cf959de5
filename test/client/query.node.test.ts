import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidRequestError, encodeListQuery, parseListQuery, type ListTestimonialsParams } from '../../src/client/index.js';

describe('encodeListQuery', () => {
  it('writes keys in the spec order whatever order they were given in', () => {
    const params: ListTestimonialsParams = {
      page: 2,
      limit: 10,
      query: 'fast',
      tags: ['b'],
      rating: 5,
      approved: true,
      order: 'asc',
      sort: 'rating',
    };
    assert.equal(encodeListQuery(params).toString(), 'sort=rating&order=asc&approved=true&rating=5&tags=b&query=fast&limit=10&page=2');
  });

  it('encodes equal questions equally: tags de-duplicated and sorted', () => {
    const a = encodeListQuery({ tags: ['beta', 'alpha', 'beta'], limit: 5 }).toString();
    const b = encodeListQuery({ limit: 5, tags: ['alpha', 'beta'] }).toString();
    assert.equal(a, b);
    assert.equal(a, 'tags=alpha&tags=beta&limit=5');
  });

  it('repeats tags by default and joins them with commas when told', () => {
    assert.deepEqual(encodeListQuery({ tags: ['x', 'y'] }).getAll('tags'), ['x', 'y']);
    assert.deepEqual(encodeListQuery({ tags: ['x', 'y'] }, { tags: 'comma' }).getAll('tags'), ['x,y']);
  });

  it('refuses a tag holding a comma in the comma encoding, naming tags', () => {
    assert.throws(
      () => encodeListQuery({ tags: ['a,b'] }, { tags: 'comma' }),
      (error: unknown) => error instanceof InvalidRequestError && error.field === 'tags' && /comma/.test(error.message),
    );
  });

  it('writes booleans as true|false and skips undefined, null and empty tag lists', () => {
    assert.equal(encodeListQuery({ approved: false }).toString(), 'approved=false');
    const sparse = { sort: undefined, rating: null, tags: [], query: 'q' } as unknown as ListTestimonialsParams;
    assert.equal(encodeListQuery(sparse).toString(), 'query=q');
    assert.equal(encodeListQuery().toString(), '');
  });

  it('escapes values so the query string parses back to the same parameters', () => {
    const params: ListTestimonialsParams = { query: 'a&b=c é', tags: ['café', 'x y'], lang: 'pt-BR', rating: 0, page: 1 };
    for (const tags of ['repeat', 'comma'] as const) {
      const parsed = parseListQuery(encodeListQuery(params, { tags }));
      assert.deepEqual(parsed, { ...params, tags: ['café', 'x y'] });
    }
  });
});
