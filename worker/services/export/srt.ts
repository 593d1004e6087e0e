import { subtitleCues } from '../../../contracts/subtitle-cues';
import { clock } from './text';
import type { ExportLine } from './text';

/**
 * SubRip: cues numbered from 1, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, the text, a blank line. Cues keep the
 * timed-text rules (contracts/subtitle-cues.ts); the speaker's name opens the first cue of each turn.
 */
export function srt(lines: ExportLine[]): string {
  return subtitleCues(lines, { names: 'inline' })
    .map((cue, i) => `${i + 1}\n${clock(cue.start, ',')} --> ${clock(cue.end, ',')}\n${[...cue.lines, ...cue.translation].join('\n')}\n\n`)
    .join('');
}
