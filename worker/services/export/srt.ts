import { clock, SUBTITLE_COLUMNS, wrap } from './text';
import type { ExportLine } from './text';

/** SubRip: cues numbered from 1, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, the text, a blank line. */
export function srt(lines: ExportLine[]): string {
  let number = 0;
  return lines
    .map((line) => {
      const body = [
        ...(line.text ? wrap(line.speaker ? `${line.speaker}: ${line.text}` : line.text, SUBTITLE_COLUMNS) : []),
        ...(line.translation ? wrap(line.translation, SUBTITLE_COLUMNS) : []),
      ];
      if (body.length === 0) return '';
      number++;
      return `${number}\n${clock(line.start, ',')} --> ${clock(Math.max(line.start, line.end), ',')}\n${body.join('\n')}\n\n`;
    })
    .join('');
}
