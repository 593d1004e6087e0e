/**
 * Draws the click captcha's picture. Glyphs are stroked paths (no text a script could read), each bent by
 * per-point jitter, rotated and scaled at random, among decoy glyphs and stray strokes drawn the same way,
 * in a shuffled order: nothing in the markup says which shapes are the answer or where it is.
 */
export const CAPTCHA_SIZE = { width: 300, height: 160 } as const;

type Stroke = [number, number][];
/** Letters and digits as polylines on an 8 × 10 grid; chosen so none reads as another when rotated a little. */
const FONT: Record<string, Stroke[]> = {
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

const randomInt = (max: number) => crypto.getRandomValues(new Uint32Array(1))[0]! % max;
const between = (min: number, max: number) => min + (randomInt(10_000) / 10_000) * (max - min);

function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const colour = () => `hsl(${randomInt(360)},${45 + randomInt(25)}%,${30 + randomInt(20)}%)`;
const n = (v: number) => v.toFixed(1);

/** One glyph's strokes as paths centred on (cx, cy): every segment gets a bent midpoint, every point a wobble. */
function glyphPaths(glyph: string, cx: number, cy: number) {
  const scale = between(2.1, 3.1);
  const angle = (between(-40, 40) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const place = ([x, y]: [number, number]) => {
    const [dx, dy] = [(x - 4 + between(-0.5, 0.5)) * scale, (y - 5 + between(-0.5, 0.5)) * scale];
    return [cx + dx * cos - dy * sin, cy + dx * sin + dy * cos] as const;
  };
  const width = n(between(2.2, 3.4));
  return FONT[glyph]!.map((stroke) => {
    const points = stroke.flatMap((p, i) => {
      const prev = stroke[i - 1];
      const bend: [number, number][] = prev ? [[(prev[0] + p[0]) / 2 + between(-0.8, 0.8), (prev[1] + p[1]) / 2 + between(-0.8, 0.8)]] : [];
      return [...bend, p];
    });
    const d = points.map((p, i) => `${i ? 'L' : 'M'}${place(p).map(n).join(' ')}`).join('');
    return `<path d="${d}" fill="none" stroke="${colour()}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
  });
}

/** Stray strokes (lines and curves) in the glyphs' colours, so shapes cannot be told apart by how they are drawn. */
function strayStroke() {
  const p = () => `${randomInt(CAPTCHA_SIZE.width)} ${randomInt(CAPTCHA_SIZE.height)}`;
  const d = randomInt(2) ? `M${p()}L${p()}` : `M${p()}Q${p()} ${p()}`;
  return `<path d="${d}" fill="none" stroke="${colour()}" stroke-width="${n(between(1, 3))}" stroke-linecap="round" opacity="${n(between(0.4, 0.9))}"/>`;
}

/** Places `count` glyph centres in distinct jittered cells of a 4 × 2 grid, so every one can be clicked. */
function layout(count: number) {
  const cols = 4;
  const cellW = CAPTCHA_SIZE.width / cols;
  const cellH = CAPTCHA_SIZE.height / 2;
  return shuffle(Array.from({ length: cols * 2 }, (_, i) => i))
    .slice(0, count)
    .map((cell) => ({
      x: Math.round((cell % cols) * cellW + 24 + randomInt(cellW - 48)),
      y: Math.round(Math.floor(cell / cols) * cellH + 26 + randomInt(cellH - 52)),
    }));
}

/** A picture with `targets` glyphs to find and `decoys` others; returns the markup and where the targets are. */
export function drawCaptcha(targets: number, decoys: number) {
  const glyphs = shuffle(GLYPHS).slice(0, targets + decoys);
  const spots = layout(glyphs.length);
  const shapes = glyphs.flatMap((g, i) => glyphPaths(g, spots[i]!.x, spots[i]!.y));
  const strays = Array.from({ length: 10 + randomInt(5) }, strayStroke);
  const dots = Array.from(
    { length: 40 },
    () => `<circle cx="${randomInt(CAPTCHA_SIZE.width)}" cy="${randomInt(CAPTCHA_SIZE.height)}" r="${n(between(0.6, 1.8))}" fill="${colour()}"/>`,
  );
  const { width, height } = CAPTCHA_SIZE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f3f6fb"/>${shuffle([...shapes, ...strays, ...dots]).join('')}</svg>`;
  return { svg, prompt: glyphs.slice(0, targets), answer: spots.slice(0, targets) };
}
