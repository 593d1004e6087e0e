/**
 * Draws the click captcha's picture as pixels: a PNG inside the SVG the API returns, so the markup holds no
 * shapes, attributes or order to read. Answer glyphs and decoy glyphs go through the same drawing steps
 * (a font and stroke style redrawn for each picture, each glyph rotated, slanted, stretched and placed
 * freely so glyphs may overlap), the whole picture is bent by one smooth random warp, and stray strokes in
 * the same widths cross it all. No stroke has a colour of its own: every ink pixel, glyph or stray, takes the
 * picture's one colour field where it lies plus a grain of its own, and the background is grained the same
 * way, so grouping pixels by colour gathers pieces of everything (a glyph painted in its own colour was
 * isolated that way 63 % of the time). Only the letters' shapes, as a person sees them, tell them apart.
 */
import { encodePng } from '../lib/png';

export const CAPTCHA_SIZE = { width: 300, height: 160 } as const;
/** Where glyph centres may fall, and how far apart: far enough that a click names one glyph, near enough to touch. */
export const CAPTCHA_LAYOUT = { margin: { x: 22, y: 20 }, minDistance: 28 } as const;

type Stroke = [number, number][];
/** Letters and digits as polylines on an 8 × 10 grid; chosen so none reads as another when rotated a little. */
export const FONT: Record<string, Stroke[]> = {
  A: [
    [
      [0, 10],
      [4, 0],
      [8, 10],
    ],
    [
      [2, 5],
      [6, 5],
    ],
  ],
  E: [
    [
      [8, 0],
      [0, 0],
      [0, 10],
      [8, 10],
    ],
    [
      [0, 5],
      [6, 5],
    ],
  ],
  F: [
    [
      [8, 0],
      [0, 0],
      [0, 10],
    ],
    [
      [0, 5],
      [6, 5],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 10],
    ],
    [
      [8, 0],
      [8, 10],
    ],
    [
      [0, 5],
      [8, 5],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 10],
    ],
    [
      [8, 0],
      [0, 6],
    ],
    [
      [3, 4],
      [8, 10],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 10],
      [8, 10],
    ],
  ],
  M: [
    [
      [0, 10],
      [0, 0],
      [4, 6],
      [8, 0],
      [8, 10],
    ],
  ],
  P: [
    [
      [0, 10],
      [0, 0],
      [6, 0],
      [8, 2],
      [8, 4],
      [6, 5],
      [0, 5],
    ],
  ],
  T: [
    [
      [0, 0],
      [8, 0],
    ],
    [
      [4, 0],
      [4, 10],
    ],
  ],
  V: [
    [
      [0, 0],
      [4, 10],
      [8, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [2, 10],
      [4, 4],
      [6, 10],
      [8, 0],
    ],
  ],
  Y: [
    [
      [0, 0],
      [4, 5],
      [8, 0],
    ],
    [
      [4, 5],
      [4, 10],
    ],
  ],
  '4': [
    [
      [6, 10],
      [6, 0],
      [0, 7],
      [8, 7],
    ],
  ],
  '7': [
    [
      [0, 0],
      [8, 0],
      [3, 10],
    ],
  ],
};
export const GLYPHS = Object.keys(FONT);

const random = () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
const randomInt = (max: number) => Math.floor(random() * max);
const between = (min: number, max: number) => min + random() * (max - min);

function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

type Point = [number, number];
type Rgb = [number, number, number];
interface Line {
  points: Point[];
  width: number;
  /** A fixed colour (the background's, for scratches); without one the stroke is inked from the picture's field. */
  colour?: Rgb;
}

/** A dark, saturated colour: the colour field blends a few of these. */
function colour(): Rgb {
  const h = random() * 6;
  const [hi, lo] = [between(90, 150), between(10, 50)];
  const mid = lo + (hi - lo) * (1 - Math.abs((h % 2) - 1));
  return (
    [
      [hi, mid, lo],
      [mid, hi, lo],
      [lo, hi, mid],
      [lo, mid, hi],
      [mid, lo, hi],
      [hi, lo, mid],
    ] as Rgb[]
  )[Math.floor(h)]!;
}

/** Catmull-Rom through the points when the style is rounded, so the same letter has other shapes in other pictures. */
function trace(points: Point[], rounded: boolean): Point[] {
  if (!rounded || points.length < 3) return points;
  const out: Point[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const [p0, p1, p2, p3] = [points[i - 1] ?? points[i]!, points[i]!, points[i + 1]!, points[i + 2] ?? points[i + 1]!];
    for (let t = 0; t < 1; t += 0.25) {
      const [t2, t3] = [t * t, t * t * t];
      const at = (k: 0 | 1) =>
        0.5 * (2 * p1[k] + (-p0[k] + p2[k]) * t + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2 + (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t3);
      out.push([at(0), at(1)]);
    }
  }
  out.push(points.at(-1)!);
  return out;
}

/**
 * One picture's look: every glyph in it, answer or decoy, is drawn this way. Its font is the outlines above
 * redrawn for this picture alone (every corner moved, stroke ends grown or cut), so no fixed outline fits.
 */
function pictureStyle() {
  const font = new Map(
    GLYPHS.map((glyph) => {
      const moved = new Map<string, Point>();
      // Strokes that share a corner keep sharing it, so letters stay joined where they are joined.
      const move = ([x, y]: Point) => moved.get(`${x},${y}`) ?? moved.set(`${x},${y}`, [x + between(-1.1, 1.1), y + between(-1.1, 1.1)]).get(`${x},${y}`)!;
      return [glyph, FONT[glyph]!.map((stroke) => reach(stroke.map(move)))] as const;
    }),
  );
  return { font, rounded: random() < 0.5, width: between(2.8, 4), slant: between(-0.35, 0.35) };
}

/** Bows every leg of a stroke sideways by up to 0.8 of a unit, so straight legs come out bent. */
function bow(stroke: Point[]): Point[] {
  return stroke.flatMap((b, i): Point[] => {
    const a = stroke[i - 1];
    if (!a) return [b];
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const length = Math.hypot(dx, dy) || 1;
    const side = between(-0.8, 0.8);
    return [[(a[0] + b[0]) / 2 - (dy / length) * side, (a[1] + b[1]) / 2 + (dx / length) * side], b];
  });
}

/** Grows or cuts a stroke's two ends by up to a unit, as a hand would. */
function reach(stroke: Point[]): Point[] {
  const end = (tip: Point, from: Point): Point => {
    const length = Math.hypot(tip[0] - from[0], tip[1] - from[1]) || 1;
    const by = between(-1, 1.2) / length;
    return [tip[0] + (tip[0] - from[0]) * by, tip[1] + (tip[1] - from[1]) * by];
  };
  const out = [...stroke];
  out[0] = end(stroke[0]!, stroke[1]!);
  out[out.length - 1] = end(stroke.at(-1)!, stroke.at(-2)!);
  return out;
}

/** A glyph's strokes centred on (cx, cy): its own rotation, size, stretch and wobble on top of the picture's style. */
function glyphLines(glyph: string, cx: number, cy: number, style: ReturnType<typeof pictureStyle>): Line[] {
  const scale = between(2.3, 3.1);
  const stretch = between(0.8, 1.2);
  const angle = (between(-50, 50) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const place = ([x, y]: Point): Point => {
    const u = (x - 4 + between(-0.4, 0.4)) * scale * stretch;
    const v = (y - 5 + between(-0.4, 0.4)) * scale;
    const sheared = u + style.slant * v;
    return [cx + sheared * cos - v * sin, cy + sheared * sin + v * cos];
  };
  return style.font.get(glyph)!.map((stroke) => ({
    points: trace(bow(stroke).map(place), style.rounded),
    width: style.width * between(0.9, 1.1),
  }));
}

/**
 * A stray stroke the size of a glyph's: one to three straight or rounded legs with corners, like the pieces
 * letters are made of, so a shape fitted against the glyph outlines finds near-matches all over the picture.
 */
function strayLine(style: ReturnType<typeof pictureStyle>, near?: Point): Line {
  const { width, height } = CAPTCHA_SIZE;
  const start: Point = near ? [near[0] + between(-14, 14), near[1] + between(-14, 14)] : [between(-5, width + 5), between(-5, height + 5)];
  const points: Point[] = [start];
  let heading = between(0, 2 * Math.PI);
  for (let legs = 1 + randomInt(3), i = 0; i < legs; i++) {
    const length = between(8, 26);
    const [x, y] = points.at(-1)!;
    points.push([x + Math.cos(heading) * length, y + Math.sin(heading) * length]);
    heading += (randomInt(2) ? 1 : -1) * between(0.5, 2.6);
  }
  return { points: trace(points, style.rounded), width: style.width * between(0.9, 1.1) };
}

/** Glyph centres spread at random, never on a grid, each at least `minDistance` from the others. */
function layout(count: number): Point[] {
  const { margin, minDistance } = CAPTCHA_LAYOUT;
  for (;;) {
    const spots: Point[] = [];
    for (let tries = 0; tries < 400 && spots.length < count; tries++) {
      const spot: Point = [between(margin.x, CAPTCHA_SIZE.width - margin.x), between(margin.y, CAPTCHA_SIZE.height - margin.y)];
      if (spots.every(([x, y]) => Math.hypot(x - spot[0], y - spot[1]) >= minDistance)) spots.push(spot);
    }
    if (spots.length === count) return spots;
  }
}

/** One smooth random displacement for the whole picture: straight strokes come out bent, and differently each time. */
function warp(): (p: Point) => Point {
  const waves = Array.from({ length: 4 }, () => ({
    fx: between(-1, 1) / between(12, 30),
    fy: between(-1, 1) / between(12, 30),
    phase: between(0, 2 * Math.PI),
    ax: between(-1.5, 1.5),
    ay: between(-1.5, 1.5),
  }));
  return ([x, y]) => {
    let [dx, dy] = [0, 0];
    for (const w of waves) {
      const s = Math.sin(x * w.fx + y * w.fy + w.phase);
      dx += w.ax * s;
      dy += w.ay * s;
    }
    return [x + dx, y + dy];
  };
}

/** Points along a polyline no more than a pixel apart, so the warp bends long segments too. */
function densify(points: Point[]): Point[] {
  const out: Point[] = [points[0]!];
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1]!, points[i]!];
    const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1])));
    for (let k = 1; k <= steps; k++) out.push([a[0] + ((b[0] - a[0]) * k) / steps, a[1] + ((b[1] - a[1]) * k) / steps]);
  }
  return out;
}

/**
 * The picture's ink: three dark colours blended by slow waves across the picture, so the hue drifts from
 * place to place, the same for a glyph and a stray that cross there.
 */
function colourField(): (x: number, y: number) => Rgb {
  const inks = [colour(), colour(), colour()];
  const waves = Array.from({ length: 2 }, () => ({
    fx: between(-1, 1) / between(18, 45),
    fy: between(-1, 1) / between(18, 45),
    phase: between(0, 2 * Math.PI),
  }));
  return (x, y) => {
    const [a, b] = waves.map((w) => 0.5 + 0.5 * Math.sin(x * w.fx + y * w.fy + w.phase)) as [number, number];
    return [0, 1, 2].map((k) => inks[0]![k]! * (1 - a) * (1 - b) + inks[1]![k]! * a * (1 - b) + inks[2]![k]! * b) as Rgb;
  };
}

/** A grain for every pixel, -GRAIN..GRAIN per channel: no two neighbouring pixels of one stroke share a colour. */
const GRAIN = 16;
function grain(pixels: number): Int8Array {
  const out = new Int8Array(pixels * 3);
  // getRandomValues fills at most 64 KiB at a time.
  for (let at = 0; at < out.length; at += 16_384) {
    const words = crypto.getRandomValues(new Uint32Array(Math.min(16_384, out.length - at)));
    for (let k = 0; k < words.length; k++) out[at + k] = (words[k]! % (2 * GRAIN + 1)) - GRAIN;
  }
  return out;
}

/** Anti-aliased thick lines onto an RGB canvas, over a pale grained background with faint dots of the ink's colours. */
function paint(lines: Line[], tint: Rgb): Uint8Array {
  const { width, height } = CAPTCHA_SIZE;
  // Clamped: a grained channel near 0 or 255 must stay there, not wrap round to the other end.
  const rgb = new Uint8ClampedArray(width * height * 3);
  const field = colourField();
  const noise = grain(width * height);
  // The background carries the same grain, a little softer, so its pixels are no more uniform than the ink's.
  for (let i = 0; i < width * height; i++) for (let k = 0; k < 3; k++) rgb[i * 3 + k] = tint[k]! + noise[i * 3 + k]! / 2;
  for (let dot = 0; dot < 120; dot++) {
    const [x, y] = [randomInt(width), randomInt(height)];
    rgb.set(
      field(x, y).map((v) => v + 90),
      (y * width + x) * 3,
    );
  }
  for (const { points, width: w, colour: fixed } of lines) {
    const cover = new Float32Array(width * height);
    for (let i = 1; i < points.length; i++) {
      const [[ax, ay], [bx, by]] = [points[i - 1]!, points[i]!];
      const reach = w / 2 + 1;
      const [dx, dy] = [bx - ax, by - ay];
      const len2 = dx * dx + dy * dy || 1;
      for (let y = Math.max(0, Math.floor(Math.min(ay, by) - reach)); y <= Math.min(height - 1, Math.ceil(Math.max(ay, by) + reach)); y++) {
        for (let x = Math.max(0, Math.floor(Math.min(ax, bx) - reach)); x <= Math.min(width - 1, Math.ceil(Math.max(ax, bx) + reach)); x++) {
          const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2));
          const d = Math.hypot(x - ax - t * dx, y - ay - t * dy);
          const c = Math.max(0, Math.min(1, w / 2 + 0.5 - d));
          if (c > cover[y * width + x]!) cover[y * width + x] = c;
        }
      }
    }
    for (let i = 0; i < width * height; i++) {
      const c = cover[i]!;
      if (!c) continue;
      const ink = fixed ?? field(i % width, Math.floor(i / width));
      for (let k = 0; k < 3; k++) rgb[i * 3 + k] = rgb[i * 3 + k]! * (1 - c) + (ink[k]! + noise[i * 3 + k]!) * c;
    }
  }
  return new Uint8Array(rgb.buffer);
}

/** A picture with `targets` glyphs to find and `decoys` others; returns the markup and where the targets are. */
export async function drawCaptcha(targets: number, decoys: number) {
  const glyphs = shuffle(GLYPHS).slice(0, targets + decoys);
  const spots = layout(glyphs.length);
  const style = pictureStyle();
  const bend = warp();
  const glyphStrokes = glyphs.flatMap((g, i) => glyphLines(g, spots[i]![0], spots[i]![1], style));
  // Half the strays start on a glyph, answer or decoy alike, so every glyph is crossed and none stands clear.
  const strays = Array.from({ length: 22 + randomInt(6) }, (_, i) => strayLine(style, i % 2 ? spots[randomInt(spots.length)] : undefined));
  const tint: Rgb = [between(228, 245), between(230, 248), between(238, 252)];
  // Scratches in the background's colour cut through glyphs and strays alike: a person reads a letter across
  // a gap, an outline fit loses the cut pieces.
  const scratches = Array.from({ length: 7 + randomInt(4) }, () => ({ ...strayLine(style), colour: tint, width: between(1.5, 2.5) }));
  const lines = [...shuffle([...glyphStrokes, ...strays]), ...scratches].map((line) => ({ ...line, points: densify(line.points).map(bend) }));
  const png = await encodePng(paint(lines, tint), CAPTCHA_SIZE.width, CAPTCHA_SIZE.height);
  const { width, height } = CAPTCHA_SIZE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><image width="${width}" height="${height}" href="data:image/png;base64,${png}"/></svg>`;
  // The answer is where each target's centre landed after the warp, which is where a person sees it.
  const answer = spots.slice(0, targets).map((spot) => bend(spot).map(Math.round) as Point);
  return { svg, prompt: glyphs.slice(0, targets), answer: answer.map(([x, y]) => ({ x, y })) };
}
