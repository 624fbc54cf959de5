// A node:test reporter for scripts/node-test-batch.mjs: a line of JSON per test file of the batch (its
// top-level suites, each named after its file) with its wall seconds and whether it passed, for
// scripts/test.mjs's summary and test/test-times.json.
export default async function* fileResults(source) {
  for await (const { type, data } of source) {
    if ((type === 'test:pass' || type === 'test:fail') && data.nesting === 0) {
      yield `${JSON.stringify({ file: data.name, seconds: data.details.duration_ms / 1000, status: type === 'test:pass' ? 0 : 1 })}\n`;
    }
  }
}
