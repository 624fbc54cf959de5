/**
 * Speaks HTTP by hand over a `net.Socket`, for requests no HTTP client will send: HTTP/1.0 without a
 * `Host` header, a forged `Host`, a `Content-Length` with no body behind it.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
  /** The whole answer as received, status line and headers included. */
  raw: string;
}

/**
 * Writes `head` (the request line and headers, `\r\n`-separated, without the blank line that ends them)
 * and `body`, then reads the answer until the first complete response (by `Content-Length`) or until the
 * server closes. The connection is closed afterwards.
 */
export function rawRequest(port: number, head: string, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (ended: boolean) => {
      const answer = parse(received, ended);
      if (!answer) return false;
      settled = true;
      socket.destroy();
      resolve(answer);
      return true;
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      finish(false);
    });
    socket.on('end', () => {
      if (!settled && !finish(true))
        reject(new Error(`The server closed without a complete answer: ${JSON.stringify(received.toString('latin1'))}`));
    });
    socket.on('error', (error) => {
      if (!settled) reject(error);
    });
    socket.write(`${head}\r\n\r\n${body}`);
  });
}

/**
 * The first response in `bytes`, or undefined while it is incomplete. Without `Content-Length` the body
 * runs to the end of the connection (what an HTTP/1.0 server does).
 */
function parse(bytes: Buffer, ended: boolean): RawAnswer | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = headers['content-length'];
  const bodyBytes = bytes.subarray(end + 4);
  if (length === undefined ? !ended : bodyBytes.byteLength < Number(length)) return undefined;
  const body = (length === undefined ? bodyBytes : bodyBytes.subarray(0, Number(length))).toString('utf8');
  return { status: Number(statusLine!.split(' ')[1]), headers, body, raw: `${bytes.subarray(0, end + 4).toString('latin1')}${body}` };
}
