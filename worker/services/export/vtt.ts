import { subtitleCues } from '../../../contracts/subtitle-cues';
import { clock } from './text';
import type { ExportLine } from './text';

/** Cue text is HTML-like in WebVTT: these three must be written as entities. */
const escapeCue = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * WebVTT: the header, then cues `HH:MM:SS.mmm --> HH:MM:SS.mmm` keeping the timed-text rules
 * (contracts/subtitle-cues.ts), each with its speaker as a `<v Name>` voice span.
 */
export function vtt(lines: ExportLine[]): string {
  const cues = subtitleCues(lines, { names: 'apart' }).map((cue) => {
    const body = [...cue.lines, ...cue.translation].map(escapeCue);
    if (cue.speaker && body.length > 0) body[0] = `<v ${escapeCue(cue.speaker)}>${body[0]}`;
    return `${clock(cue.start, '.')} --> ${clock(cue.end, '.')}\n${body.join('\n')}\n\n`;
  });
  return `WEBVTT\n\n${cues.join('')}`;
}
