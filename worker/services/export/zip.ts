import { zipSync } from 'fflate';
import type { Zippable } from 'fflate';

export interface ZipEntry {
  name: string;
  data: Uint8Array;
  /** False for data that is compressed already (a .docx is a zip itself). */
  compress: boolean;
}

/** `name.ext`, then `name(1).ext`, `name(2).ext`, …; compared without case, as Windows and macOS do. */
export function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 1; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}(${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

export function zip(entries: ZipEntry[]): Uint8Array {
  const names = uniqueNames(entries.map((e) => e.name));
  const files: Zippable = {};
  entries.forEach((entry, i) => {
    files[names[i]!] = [entry.data, { level: entry.compress ? 6 : 0 }];
  });
  return zipSync(files);
}
