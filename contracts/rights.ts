/** Rights per membership level (spec §6) and the permission object the web app gates features with. */
export type AccountType = 'svip' | 'vip' | 'duration' | 'dubbing';
export type MemberLevel = 'svip' | 'vip';
/**
 * Work that is metered in seconds. `subtitles` is the browser plugin's real-time subtitles of media a user
 * plays (spec §6: limited with a duration package, which pays for them; unlimited for members).
 */
export type MeteredFeature = 'realtime' | 'upload' | 'dubbing' | 'subtitles';
/** Features that a plan either includes or not. */
export type GatedFeature = 'vocabulary' | 'invite' | 'screenCasting';

export interface Permissions {
  recognitionCount: number;
  translateCount: number;
  proprietaryWords: boolean;
  translateGlossary: boolean;
  sensitiveWords: boolean;
  inviteMeeting: boolean;
  screenCasting: boolean;
}

export const DEFAULT_PERMISSIONS: Permissions = {
  recognitionCount: 2,
  translateCount: 2,
  proprietaryWords: false,
  translateGlossary: false,
  sensitiveWords: false,
  inviteMeeting: false,
  screenCasting: false,
};

export const SVIP_PERMISSIONS: Permissions = {
  recognitionCount: 10,
  translateCount: 4,
  proprietaryWords: true,
  translateGlossary: true,
  sensitiveWords: true,
  inviteMeeting: true,
  screenCasting: true,
};

const HOUR = 3600;
/**
 * Daily allowances in seconds. The spec gives VIP uploads as 10 h in one place and 20 h in another; the
 * lower figure is used so SVIP (20 h) stays the larger plan.
 */
export const DAILY_LIMIT_SECONDS: Record<'realtime' | 'upload', Record<MemberLevel, number>> = {
  realtime: { svip: 10 * HOUR, vip: 3 * HOUR },
  upload: { svip: 20 * HOUR, vip: 10 * HOUR },
};

/** packageType of spec §3 → the account it fills. */
export const PACKAGE_ACCOUNT: Record<'1' | '2' | '3' | '5', AccountType> = { '1': 'svip', '2': 'vip', '3': 'duration', '5': 'dubbing' };

export interface AccountItem {
  accountType: AccountType;
  accountTypeName: string;
  remarkString: string;
  operationString: string;
  active: boolean;
  validUntil: number | null;
  remainingSeconds: number;
  /** packageType to open in the pay dialog for this item's buy action. */
  packageType: '1' | '2' | '3' | '5';
}
