import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { LoginOptions } from '../../../contracts/auth';
import type { Messages } from '../../i18n/en-US';

/**
 * The sign-in and account forms' rules (spec §5). Each check is a pure function answering the message to
 * show (a key of `validation`) or null, so the rules are testable without rendering; `rule` adapts one to
 * antd's Form. Format rules come from the shared contracts, so the forms refuse what the server refuses.
 */
export type ValidationKey = keyof Messages['validation'];
export type Check = (value: unknown) => ValidationKey | null | Promise<ValidationKey | null>;

// The shared formats are zod schemas, and zod weighs 25 KB gzip: the sign-in page, the first page most
// visitors see, fetches them when a field is first checked rather than before it can draw.
const formats = () => import('../../../contracts/auth');

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Which addresses codes can go to right now: decides the target field's wording and what it accepts. */
export type TargetKind = 'email' | 'phone' | 'any';
export function targetKind({ emailCode, smsCode }: Pick<LoginOptions, 'emailCode' | 'smsCode'>): TargetKind {
  if (emailCode && !smsCode) return 'email';
  if (smsCode && !emailCode) return 'phone';
  return 'any';
}

/** Synchronous, so a form without antd's engine can call it directly. */
export const required =
  (missing: ValidationKey) =>
  (value: unknown): ValidationKey | null =>
    text(value).trim() ? null : missing;

export const checkPassword: Check = async (value) => {
  if (!text(value)) return 'passwordRequired';
  return (await formats()).passwordRule.safeParse(value).success ? null : 'passwordFormat';
};

/** The second entry must repeat the first (read at check time, so editing the first re-checks it). */
export const checkConfirm =
  (first: () => unknown): Check =>
  (value) => {
    if (!text(value)) return 'confirmRequired';
    return value === first() ? null : 'confirmMismatch';
  };

/** An email address must be valid; a phone number must be given (spec §5) and look like one. */
export const checkTarget =
  (kind: TargetKind): Check =>
  async (value) => {
    const target = text(value).trim();
    if (!target) return kind === 'email' ? 'emailRequired' : kind === 'phone' ? 'phoneRequired' : 'targetRequired';
    const looksLikeEmail = target.includes('@');
    const { emailRule, phoneRule } = await formats();
    if (looksLikeEmail && kind !== 'phone') return emailRule.safeParse(target).success ? null : 'emailInvalid';
    if (!looksLikeEmail && kind !== 'email') return phoneRule.safeParse(target).success ? null : 'phoneInvalid';
    return kind === 'email' ? 'emailInvalid' : 'phoneInvalid';
  };

/** An antd Form rule running `check`; `required` only marks the field. */
export function rule(t: TFunction, check: Check): FormRule {
  return {
    required: true,
    validator: async (_, value) => {
      const key = await check(value);
      if (key) throw new Error(t(`validation.${key}`));
    },
  };
}
