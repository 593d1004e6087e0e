import { describe, expect, it } from 'vitest';
import type { Voice } from '../../contracts/dubbing-engine';
import { assignVoices } from '../../worker/services/dubbing/voices';

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
