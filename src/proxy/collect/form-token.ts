/**
 * The form token: `GET {base}/collect` hands one out, `POST {base}/collect` spends it. It is signed
 * (HMAC of its issue time and a nonce), so the proxy keeps no state for the tokens it issued; the only
 * state is the set of tokens already spent, needed to refuse a second use. That set is bounded without a
 * bound of its own: a token is spent only by a creation, creations are capped per hour
 * (`CreationCap`), and a spent token is forgotten once it would have expired anyway.
 */
import { createSigner, randomId, type Signer } from './hmac.js';

export type TokenProblem = 'token_invalid' | 'token_expired' | 'token_used' | 'too_fast';

export type TokenCheck = { ok: true; nonce: string; expiresAt: number } | { ok: false; problem: TokenProblem };

export interface FormTokenTimes {
  /** A submission sooner than this after the token was issued is refused as `too_fast`. */
  minFillMs: number;
  /** A token older than this is refused as `token_expired`. */
  maxAgeMs: number;
}

const TOKEN_PATTERN = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export class FormTokens {
  private readonly signer: Signer;
  /** Spent nonces and when each token expires; forgotten after that. */
  private readonly spent = new Map<string, number>();

  constructor(
    secret: string,
    private readonly times: FormTokenTimes,
    private readonly clock: () => number,
  ) {
    this.signer = createSigner(`form-token:${secret}`);
  }

  async issue(): Promise<string> {
    const payload = `${this.clock().toString(36)}.${randomId()}`;
    return `${payload}.${await this.signer.sign(payload)}`;
  }

  /**
   * Whether `token` may be used now. `fill` also applies the too-fast rule (a submission; an upload
   * request comes while the visitor is still typing). Nothing is spent here: see {@link spend}.
   */
  async check(token: unknown, { fill }: { fill: boolean }): Promise<TokenCheck> {
    const match = typeof token === 'string' ? TOKEN_PATTERN.exec(token) : null;
    if (!match || !(await this.signer.verify(`${match[1]}.${match[2]}`, match[3]!))) return { ok: false, problem: 'token_invalid' };
    const issuedAt = parseInt(match[1]!, 36);
    const now = this.clock();
    const expiresAt = issuedAt + this.times.maxAgeMs;
    if (now > expiresAt) return { ok: false, problem: 'token_expired' };
    this.forgetExpired(now);
    if (this.spent.has(match[2]!)) return { ok: false, problem: 'token_used' };
    if (fill && now < issuedAt + this.times.minFillMs) return { ok: false, problem: 'too_fast' };
    return { ok: true, nonce: match[2]!, expiresAt };
  }

  /** Marks a checked token used. Synchronous, so two submissions of one token cannot both pass. */
  spend(check: { nonce: string; expiresAt: number }): boolean {
    if (this.spent.has(check.nonce)) return false;
    this.spent.set(check.nonce, check.expiresAt);
    return true;
  }

  /** Gives a token back when the creation it paid for failed upstream, so the visitor can retry. */
  refund(check: { nonce: string }): void {
    this.spent.delete(check.nonce);
  }

  /** How many spent tokens are remembered (for the tests of the bound). */
  get spentCount(): number {
    return this.spent.size;
  }

  private forgetExpired(now: number): void {
    for (const [nonce, expiresAt] of this.spent) if (expiresAt < now) this.spent.delete(nonce);
  }
}
