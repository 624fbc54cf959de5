/** Forced colours (a high-contrast mode) for browser tests; see the `emulate-forced-colors` command. */
import { executeServerCommand } from '@web/test-runner-commands';

/**
 * Turns forced colours on (with a light or dark system palette) or off; resolves false where the
 * browser cannot emulate them (Firefox over WebDriver BiDi), so the caller can skip.
 */
export async function emulateForcedColors(forcedColors: 'active' | 'none', colorScheme: 'light' | 'dark' = 'light'): Promise<boolean> {
  return (await executeServerCommand('emulate-forced-colors', { forcedColors, colorScheme })) === true;
}
