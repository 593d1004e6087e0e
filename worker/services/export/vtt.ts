import { clock, SUBTITLE_COLUMNS, wrap } from './text';
import type { ExportLine } from './text';

/** Cue text is HTML-like in WebVTT: these three must be written as entities. */
const escapeCue = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** WebVTT: the header, then cues `HH:MM:SS.mmm --> HH:MM:SS.mmm` with the speaker as a `<v Name>` voice span. */
export function vtt(lines: ExportLine[]): string {
  const cues = lines.map((line) => {
    const body = [...wrap(line.text, SUBTITLE_COLUMNS), ...(line.translation ? wrap(line.translation, SUBTITLE_COLUMNS) : [])].map(escapeCue);
    if (body.length === 0) return '';
    if (line.speaker) body[0] = `<v ${escapeCue(line.speaker)}>${body[0]}`;
    return `${clock(line.start, '.')} --> ${clock(Math.max(line.start, line.end), '.')}\n${body.join('\n')}\n\n`;
  });
  return `WEBVTT\n\n${cues.join('')}`;
}
