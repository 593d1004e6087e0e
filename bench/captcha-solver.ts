/**
 * Scripts that try to solve the click captcha knowing everything about how it is drawn: the glyph
 * outlines, the ranges of rotation, size and slant, where glyphs may sit, and any markup that sets answer
 * strokes apart. `solve` reads the picture into an ink map (pixels from an embedded PNG, or the answer-looking
 * paths of a vector picture), then fits each prompted glyph's outline at every place, angle and size
 * (chamfer matching, coarse then fine) and clicks the best fits in order. `solveByColour` first groups the
 * ink by colour, so that a glyph painted in a colour of its own stands alone, and fits the outlines to each
 * group by itself.
 */
import { CAPTCHA_GLYPHS, clicksMatch } from '../worker/services/captcha';
import { CAPTCHA_LAYOUT, CAPTCHA_SIZE, drawCaptcha, FONT } from '../worker/services/captcha-picture';

type Point = [number, number];
const { width: W, height: H } = CAPTCHA_SIZE;

async function inflate(bytes: Uint8Array) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The pixels of an 8-bit RGB PNG (filter 0 rows, as the server writes them), three bytes each. */
async function pixelsFromPng(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset);
  const idat: Uint8Array[] = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const rows = await inflate(new Uint8Array(idat.flatMap((c) => [...c])));
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) rgb.set(rows.subarray(y * (W * 3 + 1) + 1, (y + 1) * (W * 3 + 1)), y * W * 3);
  return rgb;
}

const isInk = (rgb: Uint8Array, i: number) => rgb[i * 3]! + rgb[i * 3 + 1]! + rgb[i * 3 + 2]! < 3 * 175;

/** Dark pixels of the picture. */
async function inkFromPng(png: Uint8Array) {
  const rgb = await pixelsFromPng(png);
  return new Uint8Array(W * H).map((_, i) => (isInk(rgb, i) ? 1 : 0));
}

/** Paths of a vector picture; where some carry an attribute the others lack, only those are kept (answer strokes). */
function inkFromPaths(svg: string) {
  const paths = [...svg.matchAll(/<path ([^>]*)\/>/g)].map((m) => m[1]!);
  const names = (p: string) =>
    [...p.matchAll(/([a-z-]+)="/g)]
      .map((m) => m[1]!)
      .sort()
      .join(' ');
  const kinds = new Map<string, string[]>();
  for (const p of paths) kinds.set(names(p), [...(kinds.get(names(p)) ?? []), p]);
  const glyphLike = [...kinds.entries()].find(([k]) => k.includes('stroke-linejoin'))?.[1] ?? paths;
  const ink = new Uint8Array(W * H);
  for (const p of glyphLike) {
    const numbers = (p.match(/d="([^"]*)"/)?.[1] ?? '').match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
    const points: Point[] = [];
    for (let i = 0; i + 1 < numbers.length; i += 2) points.push([numbers[i]!, numbers[i + 1]!]);
    for (let i = 1; i < points.length; i++) {
      const [a, b] = [points[i - 1]!, points[i]!];
      const steps = Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) * 2) + 1;
      for (let k = 0; k <= steps; k++) {
        const [x, y] = [Math.round(a[0] + ((b[0] - a[0]) * k) / steps), Math.round(a[1] + ((b[1] - a[1]) * k) / steps)];
        for (const [dx, dy] of [
          [0, 0],
          [1, 0],
          [0, 1],
          [-1, 0],
          [0, -1],
        ] as Point[]) {
          if (x + dx >= 0 && x + dx < W && y + dy >= 0 && y + dy < H) ink[(y + dy) * W + x + dx] = 1;
        }
      }
    }
  }
  return ink;
}

/** Distance (in pixels, approximately) from every pixel to the nearest ink. */
function distanceMap(ink: Uint8Array) {
  const d = new Float32Array(W * H).map((_, i) => (ink[i] ? 0 : 1e6));
  const relax = (i: number, j: number, cost: number) => {
    if (d[j]! + cost < d[i]!) d[i] = d[j]! + cost;
  };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (x > 0) relax(i, i - 1, 1);
      if (y > 0) relax(i, i - W, 1);
      if (x > 0 && y > 0) relax(i, i - W - 1, 1.4);
      if (x < W - 1 && y > 0) relax(i, i - W + 1, 1.4);
    }
  }
  for (let y = H - 1; y >= 0; y--) {
    for (let x = W - 1; x >= 0; x--) {
      const i = y * W + x;
      if (x < W - 1) relax(i, i + 1, 1);
      if (y < H - 1) relax(i, i + W, 1);
      if (x < W - 1 && y < H - 1) relax(i, i + W + 1, 1.4);
      if (x > 0 && y < H - 1) relax(i, i + W - 1, 1.4);
    }
  }
  return d;
}

/** The glyph's outline as points half a font unit apart, centred on the glyph's middle. */
function outline(glyph: string): Point[] {
  return FONT[glyph]!.flatMap((stroke) =>
    stroke.slice(1).flatMap((b, i) => {
      const a = stroke[i]!;
      const steps = Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) * 2);
      return Array.from({ length: steps + 1 }, (_, k) => [a[0] + ((b[0] - a[0]) * k) / steps - 4, a[1] + ((b[1] - a[1]) * k) / steps - 5] as Point);
    }),
  );
}

interface Pose {
  scale: number;
  stretch: number;
  slant: number;
  angle: number;
}
const pose = (points: Point[], { scale, stretch, slant, angle }: Pose) => {
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return points.map(([x, y]): Point => {
    const [u, v] = [x * scale * stretch, y * scale];
    const s = u + slant * v;
    return [s * cos - v * sin, s * sin + v * cos];
  });
};
const range = (from: number, to: number, step: number) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** Mean distance from the placed outline to the ink (capped), or Infinity once it cannot beat `bound`. */
function score(d: Float32Array, offsets: Point[], cx: number, cy: number, bound = Infinity) {
  const limit = bound * offsets.length;
  let sum = 0;
  for (const [ox, oy] of offsets) {
    const [x, y] = [Math.round(cx + ox), Math.round(cy + oy)];
    sum += x < 0 || y < 0 || x >= W || y >= H ? 5 : Math.min(5, d[y * W + x]!);
    if (sum > limit) return Infinity;
  }
  return sum / offsets.length;
}

/** Share of the ink around a placed outline that the outline does not explain (a letter inside a jumble). */
function unexplained(ink: Uint8Array, offsets: Point[], cx: number, cy: number) {
  const radius = Math.max(...offsets.map(([x, y]) => Math.hypot(x, y)));
  let [all, stray] = [0, 0];
  for (let y = Math.max(0, Math.floor(cy - radius)); y <= Math.min(H - 1, cy + radius); y++) {
    for (let x = Math.max(0, Math.floor(cx - radius)); x <= Math.min(W - 1, cx + radius); x++) {
      if (!ink[y * W + x] || Math.hypot(x - cx, y - cy) > radius) continue;
      all++;
      if (offsets.every(([ox, oy]) => Math.hypot(cx + ox - x, cy + oy - y) > 3.5)) stray++;
    }
  }
  return all ? stray / all : 1;
}

/** Where `glyph` fits best, searching every place the layout allows: chamfer first, then ink both ways. */
function locate(ink: Uint8Array, d: Float32Array, glyph: string): Point {
  const base = outline(glyph);
  const { margin } = CAPTCHA_LAYOUT;
  // The 12 best coarse placements, best first.
  const coarse: { s: number; x: number; y: number; p: Pose }[] = [];
  for (const angle of range(-56, 56, 8)) {
    for (const scale of [2.4, 3]) {
      const p = { scale, stretch: 1, slant: 0, angle: (angle * Math.PI) / 180 };
      const offsets = pose(base, p);
      for (let y = margin.y - 4; y <= H - margin.y + 4; y += 3) {
        for (let x = margin.x - 4; x <= W - margin.x + 4; x += 3) {
          const s = score(d, offsets, x, y, coarse.length < 12 ? Infinity : coarse.at(-1)!.s);
          if (s === Infinity) continue;
          coarse.splice(coarse.findIndex((c) => c.s > s) >>> 0, 0, { s, x, y, p });
          if (coarse.length > 12) coarse.pop();
        }
      }
    }
  }
  const refined = coarse.map((c) => {
    let best = { ...c, offsets: pose(base, c.p) };
    for (const scale of [c.p.scale - 0.3, c.p.scale, c.p.scale + 0.3]) {
      for (const stretch of [0.85, 1, 1.15]) {
        for (const slant of [-0.3, 0, 0.3]) {
          for (const da of [-4, 0, 4]) {
            const p = { scale, stretch, slant, angle: c.p.angle + (da * Math.PI) / 180 };
            const offsets = pose(base, p);
            for (const dy of [-2, 0, 2]) {
              for (const dx of [-2, 0, 2]) {
                const s = score(d, offsets, c.x + dx, c.y + dy);
                if (s < best.s) best = { s, x: c.x + dx, y: c.y + dy, p, offsets };
              }
            }
          }
        }
      }
    }
    return { ...best, both: best.s + 2 * unexplained(ink, best.offsets, best.x, best.y) };
  });
  const best = refined.reduce((a, b) => (b.both < a.both ? b : a));
  return [best.x, best.y];
}

/** The solver's one answer for a picture: clicks for the prompted glyphs, in order. */
export async function solve(svg: string, prompt: string[]): Promise<{ x: number; y: number }[]> {
  const png = svg.match(/base64,([^"]+)"/)?.[1];
  const ink = png ? await inkFromPng(Uint8Array.from(atob(png), (ch) => ch.charCodeAt(0))) : inkFromPaths(svg);
  const d = distanceMap(ink);
  return prompt.map((glyph) => {
    const [x, y] = locate(ink, d, glyph);
    return { x, y };
  });
}

/**
 * The ink split by colour: pixels of one exact colour, and (a looser net for colours that vary a little within
 * a stroke) of one colour rounded to steps of 24, each group big enough to be a glyph's strokes.
 */
function colourGroups(rgb: Uint8Array): Uint8Array[] {
  const groups = new Map<string, number[]>();
  for (let i = 0; i < W * H; i++) {
    if (!isInk(rgb, i)) continue;
    const [r, g, b] = [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!];
    for (const key of [`=${r},${g},${b}`, `~${r >> 5},${g >> 5},${b >> 5}`]) {
      const group = groups.get(key);
      if (group) group.push(i);
      else groups.set(key, [i]);
    }
  }
  return [...groups.values()]
    .filter((pixels) => pixels.length >= 40)
    .sort((a, b) => b.length - a.length)
    .slice(0, 40)
    .map((pixels) => {
      const ink = new Uint8Array(W * H);
      for (const i of pixels) ink[i] = 1;
      return ink;
    });
}

/** Every pose the colour script tries for a glyph, computed once per glyph. */
const poses = (glyph: string) =>
  range(-56, 56, 8).flatMap((angle) =>
    [2.4, 3].flatMap((scale) => [-0.3, 0, 0.3].map((slant) => pose(outline(glyph), { scale, stretch: 1, slant, angle: (angle * Math.PI) / 180 }))),
  );

/** How well a glyph (its `posed` outlines) fits one colour group: the best pose around the group's middle, chamfer plus unexplained ink. */
function fitGroup(group: { ink: Uint8Array; d: Float32Array; cx: number; cy: number }, posed: Point[][]): { s: number; x: number; y: number } {
  const { ink, d, cx, cy } = group;
  let best = { s: Infinity, x: cx, y: cy, offsets: [] as Point[] };
  for (const offsets of posed) {
    for (const dy of [-3, 0, 3]) {
      for (const dx of [-3, 0, 3]) {
        const s = score(d, offsets, cx + dx, cy + dy, best.s);
        if (s < best.s) best = { s, x: cx + dx, y: cy + dy, offsets };
      }
    }
  }
  return { s: best.s === Infinity ? Infinity : best.s + 2 * unexplained(ink, best.offsets, best.x, best.y), x: best.x, y: best.y };
}

/** The colour-grouping script's answer: each prompted glyph at the colour group its outline fits best. */
export async function solveByColour(svg: string, prompt: string[]): Promise<{ x: number; y: number }[]> {
  const png = svg.match(/base64,([^"]+)"/)?.[1];
  if (!png) return solve(svg, prompt);
  const groups = colourGroups(await pixelsFromPng(Uint8Array.from(atob(png), (ch) => ch.charCodeAt(0)))).map((ink) => {
    let [sx, sy, n] = [0, 0, 0];
    for (let i = 0; i < W * H; i++) if (ink[i]) [sx, sy, n] = [sx + (i % W), sy + Math.floor(i / W), n + 1];
    return { ink, d: distanceMap(ink), cx: Math.round(sx / n), cy: Math.round(sy / n) };
  });
  const used = new Set<number>();
  return prompt.map((glyph) => {
    const posed = poses(glyph);
    const fits = groups.map((g, k) => ({ k, ...fitGroup(g, posed) })).filter((f) => !used.has(f.k));
    const best = fits.reduce((a, b) => (b.s < a.s ? b : a), { k: -1, s: Infinity, x: W / 2, y: H / 2 });
    used.add(best.k);
    return { x: best.x, y: best.y };
  });
}

export type Solver = (svg: string, prompt: string[]) => Promise<{ x: number; y: number }[]>;

/** mulberry32 in place of the platform's randomness, so a seed names the same pictures every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return <T extends ArrayBufferView | null>(array: T): T => {
    if (array instanceof Uint32Array) {
      for (let i = 0; i < array.length; i++) {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        array[i] = (t ^ (t >>> 14)) >>> 0;
      }
    }
    return array;
  };
}

/** Clicks anywhere in the picture, once per prompted glyph: what reading nothing finds. */
const blind: Solver = async (_svg, prompt) => prompt.map(() => ({ x: Math.random() * CAPTCHA_SIZE.width, y: Math.random() * CAPTCHA_SIZE.height }));

/**
 * Draws `pictures` captchas from `seed` (a fixed seed, so a run measures the same pictures each time: with fresh
 * randomness the solved count varies, 4–6 of 200 seen) and answers each with `solver` and with blind clicks:
 * how many whole pictures the solver solved, and how many single glyphs it and the blind clicks found.
 */
export async function attack(solver: Solver, seed: number, pictures: number) {
  const platform = crypto.getRandomValues;
  crypto.getRandomValues = seeded(seed) as typeof crypto.getRandomValues;
  let solved = 0;
  let glyphsFound = 0;
  let blindGlyphsFound = 0;
  try {
    for (let i = 0; i < pictures; i++) {
      const { svg, prompt, answer } = await drawCaptcha(CAPTCHA_GLYPHS.targets, CAPTCHA_GLYPHS.decoys);
      const found = (clicks: { x: number; y: number }[]) => answer.filter((a, k) => clicksMatch([a], [clicks[k]!])).length;
      const clicks = await solver(svg, prompt);
      glyphsFound += found(clicks);
      blindGlyphsFound += found(await blind(svg, prompt));
      if (clicksMatch(answer, clicks)) solved++;
    }
  } finally {
    crypto.getRandomValues = platform;
  }
  return { solved, glyphsFound, blindGlyphsFound, targets: pictures * CAPTCHA_GLYPHS.targets };
}
