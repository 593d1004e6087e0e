import { describe, expect, it } from 'vitest';
import type { Voice } from '../../contracts/dubbing-engine';
import { assignVoices, castVoices } from '../../worker/services/dubbing/voices';

const voice = (id: string, gender: Voice['gender']): Voice => ({ id, name: id, language: 'es-ES', gender, backend: 'espeak-ng' });
// The order the engine lists a language's voices in: female first.
const VOICES = [voice('es-f', 'female'), voice('es-m', 'male')];
const line = (speaker: string, pitchHz: number | null = null) => ({ speaker, pitchHz });

describe('giving speakers dubbing voices', () => {
  it('matches each speaker’s register from the pitch of their lines, whatever the order they speak in', () => {
    const lines = [line('1', 105), line('2', 230), line('1', 98), line('2', null), line('1', 240)];
    // Speaker 1's median (105 Hz) is low despite one high line: a male voice, though it is listed second.
    expect(Object.fromEntries(assignVoices(lines, {}, VOICES))).toEqual({ '1': 'es-m', '2': 'es-f' });
  });

  it('gives speakers of unknown pitch the voices in turn, so they sound different', () => {
    expect(Object.fromEntries(assignVoices([line('1'), line('2'), line('3')], {}, VOICES))).toEqual({ '1': 'es-f', '2': 'es-m', '3': 'es-f' });
  });

  it('prefers telling speakers apart to matching the register once the matching voices are taken', () => {
    const lines = [line('1', 110), line('2', 120)];
    expect(Object.fromEntries(assignVoices(lines, {}, VOICES))).toEqual({ '1': 'es-m', '2': 'es-f' });
  });

  it('keeps a voice chosen in the editor, and choosing one speaker’s voice never changes another’s', () => {
    const lines = [line('1', 240), line('2', 250)];
    const cast = Object.fromEntries(assignVoices(lines, {}, VOICES));
    expect(cast).toEqual({ '1': 'es-f', '2': 'es-m' });
    expect(Object.fromEntries(assignVoices(lines, { '1': 'es-m' }, VOICES))).toEqual({ '1': 'es-m', '2': 'es-m' });
    // A chosen voice the language no longer has is chosen afresh.
    expect(Object.fromEntries(assignVoices(lines, { '1': 'fr-x' }, VOICES))).toEqual(cast);
  });
});

describe('dubbing speakers in their own cloned voice', () => {
  // Speaker 1 speaks 12 s alone and 2 s over speaker 2; speaker 2 has 6 s alone; speaker 3 has 11 s but their voice was chosen.
  const timed = (speaker: string, from: number, to: number, pitchHz: number | null = null) => ({
    speaker,
    startMs: from * 1000,
    endMs: to * 1000,
    text: `${speaker} from ${from}`,
    pitchHz,
  });
  const lines = [
    timed('1', 0, 6, 110),
    timed('2', 6, 12, 230),
    timed('1', 12, 18, 105),
    timed('1', 18, 20, 100),
    timed('2', 19, 21, 240),
    timed('3', 21, 32, 150),
  ];
  const catalog = { voices: VOICES, cloning: 'elevenlabs' as const };
  const consented = { form: { cloneVoices: true }, voices: { '3': 'es-m' } };

  it('clones a speaker with enough clean speech, from their lines where no one else talks', () => {
    const { voices, clones } = castVoices(lines, consented, catalog);
    expect([...clones.keys()]).toEqual(['1']);
    expect(clones.get('1')).toMatchObject({
      voice: 'clone:elevenlabs:1',
      segments: [
        { start: 0, end: 6 },
        { start: 12, end: 18 },
      ],
      text: '1 from 0 1 from 12',
      seconds: 12,
    });
    expect(Object.fromEntries(voices)).toEqual({
      '1': { voice: 'clone:elevenlabs:1', mode: 'cloned' },
      // Too little clean speech (6 s): a voice matched to their pitch.
      '2': { voice: 'es-f', mode: 'matched' },
      // A voice chosen in the editor wins over a clone.
      '3': { voice: 'es-m', mode: 'chosen' },
    });
  });

  it('clones no one without the owner’s consent or without a cloning provider', () => {
    for (const [project, cloning] of [
      [{ ...consented, form: { cloneVoices: false } }, 'elevenlabs'],
      [consented, null],
    ] as const) {
      const { voices, clones } = castVoices(lines, project, { voices: VOICES, cloning });
      expect(clones.size).toBe(0);
      expect(voices.get('1')).toEqual({ voice: 'es-m', mode: 'matched' });
    }
  });
});
