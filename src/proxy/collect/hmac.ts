/**
 * HMAC-SHA-256 through Web Crypto (Node, workerd, Deno, edge functions alike): what the form tokens,
 * the upload keys and the disk store's upload URLs are signed with. Signatures are base64url.
 */

export function base64Url(bytes: ArrayBuffer | Uint8Array): string {
  let binary = '';
  for (const byte of bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `bytes` random bytes, base64url: nonces nobody can guess. */
export function randomId(bytes = 16): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export interface Signer {
  /** The signature of `message`, base64url, cut to `length` characters (22 = 132 bits). */
  sign(message: string, length?: number): Promise<string>;
  /** Whether `signature` is `message`'s; compared in constant time. */
  verify(message: string, signature: string, length?: number): Promise<boolean>;
}

export function createSigner(secret: string): Signer {
  const encoder = new TextEncoder();
  const key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const sign = async (message: string, length = 43) =>
    base64Url(await crypto.subtle.sign('HMAC', await key, encoder.encode(message))).slice(0, length);
  return {
    sign,
    async verify(message, signature, length = 43) {
      const expected = await sign(message, length);
      if (signature.length !== expected.length) return false;
      // Constant time: how many characters matched must not show in how long the comparison took.
      let difference = 0;
      for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
      return difference === 0;
    },
  };
}
