import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { captchas } from '../db/schema';
import { randomToken } from '../lib/encoding';
import { CAPTCHA_SIZE, drawCaptcha } from './captcha-picture';

/**
 * The click captcha that guards password sign-in (spec §5): a picture with scattered characters, and a
 * prompt naming some of them to click in order (the picture is drawn in captcha-picture.ts). Each picture allows one answer; a right answer yields a
 * pass that is good for one sign-in within two minutes. Production can use Cloudflare Turnstile instead.
 */
/** Five glyphs to click in order among six others: a script that finds each glyph half the time solves few pictures. */
export const CAPTCHA_GLYPHS = { targets: 5, decoys: 6 } as const;
const TOLERANCE = 22;
const LIFETIME_MS = 2 * 60_000;

export type CaptchaMode = 'click' | 'turnstile' | 'off';

export function captchaMode(env: Env): CaptchaMode {
  if (env.TURNSTILE_SECRET_KEY && env.TURNSTILE_SITE_KEY) return 'turnstile';
  if (env.CAPTCHA === 'off' && env.ENVIRONMENT !== 'production') return 'off';
  return 'click';
}

/** A new picture; its answer stays in the database and never leaves the server. */
export async function createCaptcha(db: Db, now = Date.now()) {
  const { svg, prompt, answer } = await drawCaptcha(CAPTCHA_GLYPHS.targets, CAPTCHA_GLYPHS.decoys);
  const id = randomToken(12);
  await db.insert(captchas).values({ id, answer: JSON.stringify(answer), expiresAt: now + LIFETIME_MS });
  return { id, svg, prompt, ...CAPTCHA_SIZE };
}

type Point = { x: number; y: number };

/** Every click within reach of its glyph, in the prompt's order. */
export function clicksMatch(answer: Point[], points: Point[]) {
  return answer.length === points.length && answer.every((a, i) => Math.hypot(a.x - points[i]!.x, a.y - points[i]!.y) <= TOLERANCE);
}

/** Checks the clicks (in picture coordinates) against the prompt; the picture is spent either way. */
export async function solveCaptcha(db: Db, id: string, points: Point[], now = Date.now()) {
  const [row] = await db
    .update(captchas)
    .set({ attempts: 1 })
    .where(and(eq(captchas.id, id), eq(captchas.attempts, 0), gt(captchas.expiresAt, now)))
    .returning();
  if (!row) return null;
  if (!clicksMatch(JSON.parse(row.answer), points)) return null;
  const passToken = randomToken(24);
  await db
    .update(captchas)
    .set({ passToken, expiresAt: now + LIFETIME_MS })
    .where(eq(captchas.id, id));
  return passToken;
}

/** Spends a captcha pass (or checks a Turnstile token); false when missing, wrong, used or expired. */
export async function consumeCaptcha(env: Env, db: Db, pass: string | undefined, ip: string | undefined, now = Date.now()) {
  const mode = captchaMode(env);
  if (mode === 'off') return true;
  if (!pass) return false;
  if (mode === 'turnstile') {
    const form = new URLSearchParams({ secret: env.TURNSTILE_SECRET_KEY ?? '', response: pass });
    if (ip) form.set('remoteip', ip);
    const res = await fetch('https://challenges.cloudflare.com/turnstile/v0/siteverify', { method: 'POST', body: form });
    return ((await res.json()) as { success?: boolean }).success === true;
  }
  const spent = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.passToken, pass), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ id: captchas.id });
  return spent.length === 1;
}

/** Where a picture's glyphs are, in the prompt's order (for the development helpers the browser tests click with). */
export async function captchaAnswer(db: Db, id: string): Promise<Point[] | undefined> {
  const row = await db.query.captchas.findFirst({ where: eq(captchas.id, id) });
  return row ? JSON.parse(row.answer) : undefined;
}
