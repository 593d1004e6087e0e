import { and, asc, eq, inArray } from 'drizzle-orm';
import { Code } from '../../contracts/errors';
import type { SaveVoice, VoiceProfile } from '../../contracts/voices';
import { type Voiceprint, identifySpeakers, mergeVoiceprints, voiceprintOf } from '../../contracts/voiceprints';
import type { Db } from '../db/client';
import { lineSpeakers, records, users, voiceProfiles } from '../db/schema';
import { ApiError } from '../lib/errors';
import { ownedRecord } from './records';

/**
 * Voice profiles (docs/voices.md): a speaker of a finished record saved under a name, and later records of the
 * same user naming the speaker whose voice is nearest to a profile. Only voiceprints are kept, never audio; a
 * profile is its owner's alone, and another user's id answers as a profile that does not exist.
 */
type Profile = typeof voiceProfiles.$inferSelect;

const shown = (p: Profile): VoiceProfile => ({
  id: p.id,
  name: p.name,
  seconds: p.voiceprint.seconds,
  consentedAt: p.consentedAt,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});

async function ownedVoice(db: Db, userId: number, id: number): Promise<Profile> {
  const found = await db.query.voiceProfiles.findFirst({ where: and(eq(voiceProfiles.id, id), eq(voiceProfiles.userId, userId)) });
  if (!found) throw new ApiError(Code.NOT_FOUND, 'voiceNotFound');
  return found;
}

export async function listVoices(db: Db, userId: number): Promise<VoiceProfile[]> {
  const rows = await db.query.voiceProfiles.findMany({ where: eq(voiceProfiles.userId, userId), orderBy: asc(voiceProfiles.name) });
  return rows.map(shown);
}

/**
 * Saves the voice the record measured for its speaker `speaker` as `name`. Saving under a name the user already
 * has adds this voice to that profile (as Otter does when a speaker is tagged again), which sharpens it. Only
 * with the user's confirmation that the person agreed, whose time the profile keeps.
 */
export async function saveVoice(db: Db, userId: number, body: SaveVoice): Promise<{ id: number; name: string }> {
  if (body.consent !== true) throw new ApiError(Code.BAD_REQUEST, 'voiceConsentMissing');
  await ownedRecord(db, userId, body.recordId);
  const speaker = await db.query.lineSpeakers.findFirst({ where: and(eq(lineSpeakers.recordId, body.recordId), eq(lineSpeakers.name, body.speaker)) });
  if (!speaker?.voiceprint) throw new ApiError(Code.BAD_REQUEST, 'voiceNotHeard', { speaker: body.speaker });
  const now = Date.now();
  const existing = await db.query.voiceProfiles.findFirst({ where: and(eq(voiceProfiles.userId, userId), eq(voiceProfiles.name, body.name)) });
  if (existing) {
    await db
      .update(voiceProfiles)
      .set({ voiceprint: mergeVoiceprints(existing.voiceprint, speaker.voiceprint), consentedAt: now, updatedAt: now })
      .where(eq(voiceProfiles.id, existing.id));
    return { id: existing.id, name: existing.name };
  }
  const [created] = await db
    .insert(voiceProfiles)
    .values({ userId, name: body.name, voiceprint: speaker.voiceprint, consentedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [voiceProfiles.userId, voiceProfiles.name], set: { voiceprint: speaker.voiceprint, consentedAt: now, updatedAt: now } })
    .returning();
  return { id: created!.id, name: created!.name };
}

export async function renameVoice(db: Db, userId: number, id: number, name: string): Promise<VoiceProfile> {
  const profile = await ownedVoice(db, userId, id);
  if (profile.name === name) return shown(profile);
  const taken = await db.query.voiceProfiles.findFirst({ where: and(eq(voiceProfiles.userId, userId), eq(voiceProfiles.name, name)) });
  if (taken) throw new ApiError(Code.CONFLICT, 'voiceNameTaken', { name });
  const [renamed] = await db.update(voiceProfiles).set({ name, updatedAt: Date.now() }).where(eq(voiceProfiles.id, id)).returning();
  return shown(renamed!);
}

/** Two profiles of one person become one: `from`'s voiceprint is folded into `into`'s, and `from` is gone. */
export async function mergeVoices(db: Db, userId: number, from: number, into: number): Promise<VoiceProfile> {
  if (from === into) throw new ApiError(Code.BAD_REQUEST, 'voiceMergeSelf');
  const [a, b] = [await ownedVoice(db, userId, from), await ownedVoice(db, userId, into)];
  const voiceprint = mergeVoiceprints(b.voiceprint, a.voiceprint);
  const now = Date.now();
  const [[merged]] = await db.batch([
    db.update(voiceProfiles).set({ voiceprint, updatedAt: now }).where(eq(voiceProfiles.id, into)).returning(),
    db.delete(voiceProfiles).where(eq(voiceProfiles.id, from)),
  ]);
  return shown(merged!);
}

/**
 * Deletes a profile and, so that no copy of that voice stays behind, the voiceprints its name's speakers keep in
 * the user's records (they can be measured again only by transcribing anew).
 */
export async function deleteVoice(db: Db, userId: number, id: number): Promise<void> {
  const profile = await ownedVoice(db, userId, id);
  const own = db.select({ id: records.id }).from(records).where(eq(records.userId, userId));
  await db.batch([
    db.delete(voiceProfiles).where(eq(voiceProfiles.id, id)),
    db
      .update(lineSpeakers)
      .set({ voiceprint: null })
      .where(and(eq(lineSpeakers.name, profile.name), inArray(lineSpeakers.recordId, own))),
  ]);
}

export async function voiceSettings(db: Db, userId: number): Promise<{ identify: boolean }> {
  const user = await db.query.users.findFirst({ columns: { identifyVoices: true }, where: eq(users.id, userId) });
  return { identify: user?.identifyVoices ?? true };
}

export async function setVoiceSettings(db: Db, userId: number, identify: boolean): Promise<{ identify: boolean }> {
  await db.update(users).set({ identifyVoices: identify }).where(eq(users.id, userId));
  return { identify };
}

/**
 * Names for a transcription's speakers: each line's cluster label becomes the name of the profile its speaker's
 * voice matches (when the line's own voice matches it too), or the default name `defaultName(label)`; with each
 * name, the voiceprint of the lines that carry it, which the record keeps so that the speaker can be saved later
 * without listening again. No line is named when the user turned identification off.
 */
export async function nameSpeakers(
  db: Db,
  userId: number,
  heard: readonly HeardVoiceLine[],
  labels: readonly string[],
  defaultName: (label: string) => string,
): Promise<{ names: string[]; voiceprints: Map<string, Voiceprint> }> {
  const voices = heard.map((h) => ({ embedding: h.embedding, pitch: h.pitch, seconds: h.end - h.start }));
  const order = [...new Set(labels)];
  const members = order.map((label) => labels.flatMap((l, i) => (l === label ? [i] : [])));
  const speakers = members.map((lines) => ({ print: voiceprintOf(lines.map((i) => voices[i]!)), lines: lines.map((i) => voices[i]!) }));
  const profiles =
    speakers.some((s) => s.print) && (await voiceSettings(db, userId)).identify
      ? await db.query.voiceProfiles.findMany({ where: eq(voiceProfiles.userId, userId) })
      : [];
  const identified = identifySpeakers(
    speakers,
    profiles.map((p) => ({ name: p.name, print: p.voiceprint })),
  );
  const names = labels.map(() => '');
  members.forEach((lines, s) => {
    for (const [k, i] of lines.entries()) names[i] = identified[s]![k]?.name ?? defaultName(order[s]!);
  });
  const voiceprints = new Map<string, Voiceprint>();
  for (const name of new Set(names)) {
    const print = voiceprintOf(voices.filter((_, i) => names[i] === name));
    if (print) voiceprints.set(name, print);
  }
  return { names, voiceprints };
}
/** What nameSpeakers reads of a heard line. */
export interface HeardVoiceLine {
  start: number;
  end: number;
  embedding?: number[];
  pitch?: number;
}
