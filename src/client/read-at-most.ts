/**
 * Reads a byte stream whole, or gives it up (cancelling it, so a socket behind it is released) as soon
 * as it passes `maxBytes`: the one bounded read that the proxy (upstream answers) and the sandbox
 * (request bodies) share. Never buffers more than `maxBytes` plus one chunk.
 */
export async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Not awaited: a Node request body settles its cancel only once the client stops sending.
      reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
