import { clock } from './text';
import type { ExportLine } from './text';

/** Plain text: one paragraph per line, `[HH:MM:SS - HH:MM:SS] Name: text`, a bilingual translation on the next line. */
export function txt(lines: ExportLine[], timestamps: boolean): string {
  return lines
    .flatMap((line) => {
      const head = [timestamps ? `[${clock(line.start)} - ${clock(line.end)}]` : '', line.speaker ? `${line.speaker}:` : ''].filter(Boolean).join(' ');
      return [head ? `${head} ${line.text}` : line.text, ...(line.translation ? [line.translation] : [])];
    })
    .map((paragraph) => `${paragraph}\n`)
    .join('');
}
