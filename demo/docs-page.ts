// The docs pages' one script (scripts/docs-plugin.ts): defines the elements, so the live examples under
// the snippets work against the demo's API at /api.
import '../src/cdn.js';
