/** Child processes fed from memory and read into memory: ffmpeg probes, and the short synthesis and tempo steps of a dubbed line. */
import { spawn } from 'node:child_process';

export interface ProcessResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/**
 * `onStdout`: each piece of standard output as it comes (ffmpeg's progress while it renders); a process read
 * this way keeps none of it, and its result's `stdout` is empty.
 */
export function runProcess(
  cmd: string,
  args: string[],
  input: Buffer | string | null,
  timeoutMs: number,
  cwd?: string,
  onStdout?: (chunk: Buffer) => void,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: [input === null ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout!.on('data', onStdout ?? ((d: Buffer) => out.push(d)));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d.slice(0, 4000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr });
    });
    if (child.stdin) {
      // A process that exits before reading all its input (a failed decode) must surface as its exit code, not EPIPE.
      child.stdin.on('error', () => {});
      child.stdin.end(input);
    }
  });
}
