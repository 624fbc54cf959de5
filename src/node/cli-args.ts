/**
 * What the two commands (`sandbox`, `proxy`) share: strict flag parsing where a mistake is one line and
 * exit status 2, checked number flags, and serving until SIGINT/SIGTERM.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in how the command was called: one line on stderr, exit status 2. */
export class UsageError extends Error {}

type FlagValues = Record<string, string | boolean | undefined>;

/** Parses `argv` strictly (unknown flags and positionals are mistakes), as a UsageError on its first line. */
export function parseFlags(argv: readonly string[], options: NonNullable<ParseArgsConfig['options']>): FlagValues {
  try {
    return parseArgs({ args: [...argv], strict: true, allowPositionals: false, options }).values as FlagValues;
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]!);
  }
}

/** A number flag that must pass `check`; `rule` says what it must be, for the message. */
export function numberFlag(name: string, raw: string | undefined, check: (n: number) => boolean, rule: string): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || !check(value)) throw new UsageError(`--${name} must be ${rule}; got "${raw}".`);
  return value;
}

/** A whole number in decimal digits (no `1e3`, no `0x10`) from `min` to `max`. */
export function integerFlag(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  return numberFlag(name, raw, (n) => /^\d+$/.test(raw!) && n >= min && n <= max, `an integer from ${min} to ${max}`);
}

/** Closes the server on SIGINT or SIGTERM, then exits. */
export function closeOnSignal(close: () => Promise<unknown>): void {
  const stop = () => {
    void close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
