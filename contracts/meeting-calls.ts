/**
 * The live meetings' HTTP calls (spec §7 meeting calls), validated with zod like every other call. Apart
 * from meeting.ts so that the browser, which sends these bodies but never checks them, downloads no zod.
 */
import { z } from 'zod';
import { MEETING_MODES } from './meeting';
import { recordName, sourceUrl } from './records';
import { documentIds } from './vocabulary';

const id = z.coerce.number().int().positive();
const language = z.string().min(2).max(16);

export const createMeetingBody = z.object({
  name: recordName.optional(),
  mode: z.enum(MEETING_MODES).default('interpret'),
  sourceLanguage: language,
  /** Languages every viewer may pick from; viewers can still ask for any other supported target. */
  targetLanguages: z.array(language).max(4).default([]),
  folderId: z.coerce.number().int().min(0).optional(),
  /** Vocabulary libraries to apply live (proprietary words, terms, sensitive words); SVIP only. */
  documentIds,
  /**
   * Which client runs the meeting (spec §6: the plugin source is 2): the browser plugin's live subtitles of a
   * tab are charged against the real-time subtitles allowance, everything else against real-time interpreting.
   */
  source: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(1),
  /** The page the browser plugin subtitles: the record keeps it as its note. */
  sourceUrl: sourceUrl.optional(),
});
export type CreateMeetingBody = z.input<typeof createMeetingBody>;

export const meetingIdBody = z.object({ id });
export const meetingIdQuery = z.object({ id });

export const editMeetingBody = z.object({
  id,
  name: recordName.optional(),
  /** Open or close the invitation link (and the owner's QR code for this meeting). */
  inviteOpen: z.boolean().optional(),
});
export type EditMeetingBody = z.input<typeof editMeetingBody>;

/**
 * A participant joins by an invitation token, or by the owner's personal QR code: their user id and the
 * code's key (without the right key the answer is the same as for a closed invitation).
 */
export const joinRecordQuery = z
  .object({ invite: z.string().min(8).max(64).optional(), userId: id.optional(), key: z.string().max(64).optional() })
  .refine((q) => q.invite !== undefined || q.userId !== undefined, 'invite or userId is required');

export const screenCode = z.string().regex(/^\d{6}$/, 'must be six digits');
export const networkLinkQuery = z.object({ shortCode: screenCode });
