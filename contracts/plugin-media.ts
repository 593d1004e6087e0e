import { z } from 'zod';

/**
 * The browser plugin's real-time subtitles of media a user plays on any site (spec §6 "Real-time subtitles":
 * limited with a duration package, unlimited for VIP and SVIP; §7 `/order/cost/media`, `/order/consumer/media`).
 * The plugin asks before it starts whether the user may have `seconds` of subtitles, then reports what it
 * subtitled as it goes, each report numbered within its media session so a retried report is charged once.
 */

/** The most one report (or one question) may cover: the plugin reports at least every minute. */
export const MEDIA_REPORT_MAX_SECONDS = 600;

const seconds = z.coerce.number().int().min(1).max(MEDIA_REPORT_MAX_SECONDS);

export const mediaCostBody = z.object({ seconds });

export const mediaConsumeBody = z.object({
  /** The plugin's id for one playing session of one media. */
  mediaId: z.string().trim().min(1).max(128),
  /** 0, 1, 2, … within the session. */
  seq: z.coerce.number().int().min(0).max(1_000_000),
  seconds,
});

/** What `/order/cost/media` and `/order/consumer/media` answer. */
export interface MediaSubtitlesAnswer {
  /** Members' subtitles are not counted against a balance. */
  unlimited: boolean;
  /** The account that pays: 'svip', 'vip' or 'duration'. */
  accountType: string;
  /** Seconds left on the duration package after this call (null for members). */
  remainingSeconds: number | null;
}
