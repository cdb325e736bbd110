// The quote PDF's faces, cut from Noto Sans (scripts/quote-fonts.ts), hold a glyph for every
// character of their ranges: the ₹ sign, Latin with its accents, punctuation.
import { describe, expect, it } from 'vitest';
import { quoteFaces, quoteFontCharacters } from '../../src/features/quotes/pdf-fonts';

describe('the quote PDF faces', () => {
  const characters = [...quoteFontCharacters()];

  it.each(['regular', 'bold'] as const)('%s has every character of the ranges', (name) => {
    const face = quoteFaces()[name];
    const missing = characters.filter((c) => !face.hasGlyphForCodePoint(c.codePointAt(0) ?? 0));
    expect(missing).toEqual([]);
    expect(face.hasGlyphForCodePoint('₹'.codePointAt(0) ?? 0)).toBe(true);
    expect(characters.length).toBeGreaterThan(300);
  });
});
