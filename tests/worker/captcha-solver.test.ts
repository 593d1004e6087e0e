import { describe, expect, it } from 'vitest';
import { attack, solve, solveByColour } from '../../bench/captcha-solver';

// The solve rate is measured on 200 and 60 pictures by `npm run bench:captcha`; the test holds the first
// pictures of the same seeds, so a captcha made easier to read fails here without minutes of fitting.
const PICTURES = 8;
const COLOUR_PICTURES = 4;

describe('the click captcha against a script that knows how it is drawn', () => {
  it('is not solved, though the script finds many single glyphs', async () => {
    const { solved, glyphsFound, blindGlyphsFound, targets } = await attack(solve, 20261126, PICTURES);
    expect(solved).toBe(0);
    // A blind click lands on a glyph about 1 time in 20: the script really does read the picture.
    expect(glyphsFound).toBeGreaterThan(targets * 0.25);
    expect(glyphsFound).toBeGreaterThan(blindGlyphsFound * 3);
  }, 300_000);

  it('is not solved by a script that first groups the ink by colour', async () => {
    // Glyphs, stray strokes and the background share one colour field with every pixel's own grain, so no
    // colour belongs to a glyph: grouping by colour hands the fitting nothing a glyph alone is made of.
    const { solved } = await attack(solveByColour, 20261128, COLOUR_PICTURES);
    expect(solved).toBe(0);
  }, 300_000);
});
