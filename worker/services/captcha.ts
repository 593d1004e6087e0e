import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { captchas } from '../db/schema';
import { randomToken } from '../lib/encoding';

/**
 * The click captcha that guards password sign-in (spec §5): a picture with scattered characters, and a
 * prompt naming some of them to click in order. Each picture allows one answer; a right answer yields a
 * pass that is good for one sign-in within two minutes. Production can use Cloudflare Turnstile instead.
 */
export const CAPTCHA_SIZE = { width: 300, height: 160 } as const;
const GLYPHS = '听译云声音字幕会议翻转写录山水日月星花雨风天海'.split('');
const TOLERANCE = 22;
const LIFETIME_MS = 2 * 60_000;

export type CaptchaMode = 'click' | 'turnstile' | 'off';

export function captchaMode(env: Env): CaptchaMode {
  if (env.TURNSTILE_SECRET_KEY && env.TURNSTILE_SITE_KEY) return 'turnstile';
  if (env.CAPTCHA === 'off' && env.ENVIRONMENT !== 'production') return 'off';
  return 'click';
}

const randomInt = (max: number) => crypto.getRandomValues(new Uint32Array(1))[0]! % max;

/** Places glyphs on a grid of cells (jittered) so no two overlap and every one can be clicked. */
function layout(count: number) {
  const cols = 4;
  const cellW = CAPTCHA_SIZE.width / cols;
  const cellH = CAPTCHA_SIZE.height / 2;
  const cells = Array.from({ length: cols * 2 }, (_, i) => i).sort(() => randomInt(3) - 1);
  return cells.slice(0, count).map((cell) => ({
    x: Math.round((cell % cols) * cellW + 22 + randomInt(cellW - 44)),
    y: Math.round(Math.floor(cell / cols) * cellH + 30 + randomInt(cellH - 50)),
  }));
}

export async function createCaptcha(db: Db, now = Date.now()) {
  const glyphs = [...GLYPHS].sort(() => randomInt(3) - 1).slice(0, 5);
  const spots = layout(glyphs.length);
  const targets = [0, 1, 2].map((i) => ({ glyph: glyphs[i]!, ...spots[i]! }));
  const id = randomToken(12);
  await db.insert(captchas).values({ id, answer: JSON.stringify(targets.map(({ x, y }) => ({ x, y }))), expiresAt: now + LIFETIME_MS });
  const noise = Array.from({ length: 6 }, () => {
    const [x1, y1, x2, y2] = [randomInt(300), randomInt(160), randomInt(300), randomInt(160)];
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="hsl(${randomInt(360)},40%,70%)" stroke-width="2"/>`;
  }).join('');
  const text = glyphs
    .map((g, i) => {
      const { x, y } = spots[i]!;
      return `<text x="${x}" y="${y}" font-size="28" text-anchor="middle" dominant-baseline="central" fill="hsl(${randomInt(360)},60%,35%)" transform="rotate(${randomInt(50) - 25} ${x} ${y})">${g}</text>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_SIZE.width}" height="${CAPTCHA_SIZE.height}" viewBox="0 0 ${CAPTCHA_SIZE.width} ${CAPTCHA_SIZE.height}"><rect width="100%" height="100%" fill="#f3f6fb"/>${noise}${text}</svg>`;
  return { id, svg, prompt: targets.map((t) => t.glyph), ...CAPTCHA_SIZE };
}

/** Checks the clicks (in picture coordinates) against the prompt; the picture is spent either way. */
export async function solveCaptcha(db: Db, id: string, points: { x: number; y: number }[], now = Date.now()) {
  const [row] = await db
    .update(captchas)
    .set({ attempts: 1 })
    .where(and(eq(captchas.id, id), eq(captchas.attempts, 0), gt(captchas.expiresAt, now)))
    .returning();
  if (!row) return null;
  const answer = JSON.parse(row.answer) as { x: number; y: number }[];
  const right = answer.length === points.length && answer.every((a, i) => Math.hypot(a.x - points[i]!.x, a.y - points[i]!.y) <= TOLERANCE);
  if (!right) return null;
  const passToken = randomToken(24);
  await db.update(captchas).set({ passToken, expiresAt: now + LIFETIME_MS }).where(eq(captchas.id, id));
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
