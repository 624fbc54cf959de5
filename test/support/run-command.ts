/** Runs commands to their end for the Node tests that build, pack and install (package, frameworks). */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';

export interface Run {
  code: number | null;
  output: string;
}

/** Runs a command to its end and returns its exit code and its stdout + stderr. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd, env: { ...env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code, output }));
  });
}

/** Runs a command, fails with its output unless it exits with 0, and returns its output. */
export async function mustRun(command: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const { code, output } = await run(command, args, cwd, env);
  assert.equal(code, 0, `${command} ${args.join(' ')} (in ${cwd}) failed:\n${output}`);
  return output;
}
