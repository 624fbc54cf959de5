// The server-rendered demo page's script (scripts/server-rendered-page.ts writes the page): defining
// the elements is all it takes; each one takes over the markup the server rendered.
import '../src/cdn.js';
