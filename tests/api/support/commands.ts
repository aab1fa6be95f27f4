/** The real commands and server of the repository as child processes, for the API suites. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `file` with tsx, `env` over ours (without our DATABASE_URL and SUPER_ADMIN_PASSWORD),
 * `input` on its standard input, closed at once: a pipe, never a terminal.
 */
export function run(
  file: string,
  args: string[],
  env: Record<string, string>,
  input = '',
): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', SUPER_ADMIN_PASSWORD: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(input);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Starts server/main.ts on a free port, waits for its "ready" log line, stops it (SIGTERM). */
export async function startAndStopServer(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start:\n${output}`)),
      150_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Gestión deportiva lista')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`the server exited:\n${output}`)));
  });
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  return output;
}
