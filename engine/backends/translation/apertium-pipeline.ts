/**
 * One Apertium pair's pipeline kept running between calls. Starting `apertium` loads a dozen programs and their
 * dictionaries: about 1.7 s of CPU and, on a busy machine, 4–6 s before the first word comes out, for every
 * call. A live meeting asks for a translation each time a few words settle, so that start-up was most of the
 * wait for a translation and a good share of the engine's CPU. Kept running in null-flush mode (every program
 * given `-z`, as `apertium-wblank-mode -z` writes the pipe), a text followed by a NUL comes back followed by a
 * NUL within tens of milliseconds.
 *
 * The `apertium` script is not used for this: its stream wrappers (gawk with a regular-expression record
 * separator) hold each text back until the next ones arrive. So the text is escaped here as the `txt`
 * deformatter escapes it, and unescaped on the way out. A pipeline idle for IDLE_MS is stopped (its
 * dictionaries hold memory); one that fails, exits or does not answer within ANSWER_MS rejects its calls, and
 * the caller translates them with a one-off `apertium` run instead.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';

/** A pipeline unused this long is stopped; the next call starts it again. */
const IDLE_MS = 5 * 60_000;
/** Longest wait for one call's texts, the pipeline's start on a busy machine included. */
const ANSWER_MS = 30_000;
const NUL = '\0';

/** Characters the Apertium stream format reserves; the `txt` deformatter escapes them with a backslash. */
const RESERVED = /[\\[\]^$/<>@{}]/g;
const toStream = (text: string) => text.replaceAll(NUL, '').replace(RESERVED, (c) => `\\${c}`);
const fromStream = (text: string) => text.replace(/\\(.)/gsu, '$1');

interface Waiting {
  resolve(text: string): void;
  reject(err: Error): void;
}

export class ApertiumPipeline {
  private child: ChildProcessWithoutNullStreams | undefined;
  private waiting: Waiting[] = [];
  private output = '';
  private idle: NodeJS.Timeout | undefined;

  /** @param modeFile the pair's `.mode` file (DATADIR/modes/PAIR.mode). */
  constructor(private readonly modeFile: string) {}

  /** Each text's translation, in order; rejects when the pipeline cannot answer them. */
  async translate(texts: string[]): Promise<string[]> {
    const child = this.child ?? this.start();
    this.keepFor(IDLE_MS);
    const answers = texts.map(
      () =>
        new Promise<string>((resolve, reject) => {
          this.waiting.push({ resolve, reject });
        }),
    );
    // A blank before the NUL: without it the last word (and its full stop) waits for more text.
    child.stdin.write(texts.map((t) => `${toStream(t)}\n${NUL}`).join(''));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`apertium pipeline gave no answer within ${ANSWER_MS} ms`)), ANSWER_MS);
    });
    try {
      return await Promise.race([Promise.all(answers), late]);
    } catch (err) {
      this.stop(err as Error);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stops the pipeline; calls still waiting are rejected with `reason`. */
  stop(reason = new Error('apertium pipeline stopped')) {
    clearTimeout(this.idle);
    const child = this.child;
    this.child = undefined;
    this.output = '';
    for (const w of this.waiting.splice(0)) w.reject(reason);
    if (child?.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid);
      } catch {
        // already gone
      }
    }
  }

  private start() {
    // The pipe with every program in null-flush mode; $1 and $2 are the generator's and tagger's options
    // (`-n`: unknown words without their `*` mark, as `apertium -u`).
    const pipe = execFileSync('apertium-wblank-mode', ['-z', this.modeFile], { encoding: 'utf8' });
    // Its own process group, so stopping it ends every program of the pipe.
    const child = spawn('bash', ['-c', pipe, 'apertium', '-n', ''], { stdio: 'pipe', detached: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => this.read(chunk));
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-500)));
    const gone = (why: string) => {
      if (this.child === child) this.stop(new Error(`apertium pipeline ${why}: ${stderr.trim()}`));
    };
    child.on('error', (err) => gone(err.message));
    child.on('exit', (code) => gone(`exited (${code})`));
    child.stdin.on('error', (err) => gone(err.message));
    child.unref();
    this.child = child;
    return child;
  }

  private read(chunk: string) {
    this.output += chunk;
    let end = this.output.indexOf(NUL);
    while (end >= 0) {
      const text = this.output.slice(0, end);
      this.output = this.output.slice(end + 1);
      // Programs of the pipe flush a NUL of their own at the end of input: only one after a text answers a call.
      this.waiting.shift()?.resolve(fromStream(text).trim());
      end = this.output.indexOf(NUL);
    }
  }

  private keepFor(ms: number) {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.stop(), ms);
    this.idle.unref();
  }
}
