/**
 * Where a dubbing project keeps its rendered videos in R2, one per version (its rows go with the record by
 * the schema's cascade). Its own leaf, so the record's deletion reaches them without importing the dubbing
 * editor or renderer.
 */

export const dubbedKey = (recordId: number, version: number) => `dubbed/${recordId}/v${version}.mp4`;
export const dubbedPrefix = (recordId: number) => `dubbed/${recordId}/`;
/** One line's spoken audio, by a digest of its language, voice and text: a later render of the same line reuses it. */
export const spokenKey = (recordId: number, digest: string) => `${dubbedPrefix(recordId)}spoken/${digest}.pcm`;
/** A speaker's clone sample (WAV), by a digest of the provider and the speaker: every render clones from the same speech. */
export const cloneSampleKey = (recordId: number, digest: string) => `${dubbedPrefix(recordId)}voices/${digest}.wav`;
