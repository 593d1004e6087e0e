/**
 * The two kinds of meeting (spec §2 meeting page): interpreted into other languages, or recorded in the spoken
 * one. Apart from the meeting contract's socket schemas so that the setup page, which needs only these, loads
 * no schema code; contracts/meeting.ts hands them on.
 */
export const MEETING_MODES = ['interpret', 'record'] as const;
export type MeetingMode = (typeof MEETING_MODES)[number];
