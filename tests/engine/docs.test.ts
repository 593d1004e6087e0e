/**
 * The docs a newcomer reads hold together: every relative link in README.md, README.zh-CN.md, ARCHITECTURE.md
 * and docs/ leads to a file that exists (and, with a #fragment, to a heading there), every `npm run NAME` they
 * quote is a script of package.json, every image they show is in the repository, and every repository path
 * they name in backticks exists. A moved file or a renamed script that the docs still name fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const docs = [
  'README.md',
  'README.zh-CN.md',
  'ARCHITECTURE.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
/** Top-level folders whose files the docs name by path. */
const sourceFolders = ['worker', 'web', 'engine', 'contracts', 'queues', 'durable-objects', 'scripts', 'tests', 'bench', 'migrations', 'extension', 'docs'];

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const text = read(file).replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1]!)));
}

/** Markdown links and images outside code blocks: [text](target). */
function links(file: string): string[] {
  const text = read(file).replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe('the docs', () => {
  it('are split into topics, with a README a newcomer reads in minutes', () => {
    expect(read('README.md').split('\n').length).toBeLessThan(100);
    expect(docs.length).toBeGreaterThan(10);
  });

  it.each(docs)('%s links only to files and headings that exist', (file) => {
    const broken: string[] = [];
    for (const target of links(file)) {
      if (/^[a-z]+:/i.test(target)) continue; // an absolute address (https:, mailto:) is not ours to check
      const [path, fragment] = target.split('#') as [string, string | undefined];
      const resolved = path === '' ? file : normalize(join(dirname(file), path));
      if (!existsSync(join(root, resolved))) {
        broken.push(`${target} (no ${resolved})`);
        continue;
      }
      if (fragment && resolved.endsWith('.md') && !anchors(resolved).has(fragment)) broken.push(`${target} (no heading #${fragment} in ${resolved})`);
    }
    expect(broken).toEqual([]);
  });

  it.each(docs)('%s quotes only npm scripts and repository paths that exist', (file) => {
    const text = read(file);
    // A name in capitals is a placeholder (`npm run bench:NAME`), not a script.
    const quoted = [...text.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!).filter((name) => !/[A-Z]/.test(name));
    const missingScripts = quoted.filter((name) => !scripts.includes(name));
    expect(missingScripts).toEqual([]);
    const named = [...text.matchAll(/`([\w./-]+)`/g)]
      .map((m) => m[1]!)
      .filter((path) => sourceFolders.some((folder) => path.startsWith(`${folder}/`)) && /\.\w+$/.test(path));
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
