// The faces a quote's PDF is set in: Noto Sans (it has the ₹ sign) cut down to the characters a
// quotation uses, kept in functions/assets/fonts and made by `npm run fonts:quote -w functions`.
// The whole face holds Greek, Cyrillic and Vietnamese too, and fontkit reads its tables on the
// first line laid out: the cut keeps that short (docs/quotations.md, The PDF).
// Parsed once per instance and shared by every PDF (each document embeds its own subset of the
// glyphs it used).
import path from 'node:path';
import * as fontkit from 'fontkit';

/** Unicode ranges kept: Latin with its accents, punctuation, currency signs (₹), №, ™ and −. */
export const QUOTE_FONT_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0x17f],
  [0x2010, 0x2044],
  [0x20a0, 0x20c0],
  [0x2100, 0x214f],
  [0x2212, 0x2212],
];

/** The characters of QUOTE_FONT_RANGES, as one string. */
export function quoteFontCharacters(): string {
  let text = '';
  for (const [first, last] of QUOTE_FONT_RANGES)
    for (let code = first; code <= last; code++) text += String.fromCodePoint(code);
  return text;
}

const FONTS_DIR = path.join(__dirname, '../../../assets/fonts');

/** Each face: the package file it is cut from, and the cut kept in the repository. */
export const QUOTE_FACES = {
  regular: {
    source: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    file: path.join(FONTS_DIR, 'NotoSans-Regular.quote.ttf'),
  },
  bold: {
    source: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
    file: path.join(FONTS_DIR, 'NotoSans-Bold.quote.ttf'),
  },
} as const;

let parsed: { regular: fontkit.Font; bold: fontkit.Font } | undefined;

/** Both faces, parsed on the first call. */
export function quoteFaces(): { regular: fontkit.Font; bold: fontkit.Font } {
  const open = (file: string) => fontkit.openSync(file) as fontkit.Font;
  return (parsed ??= {
    regular: open(QUOTE_FACES.regular.file),
    bold: open(QUOTE_FACES.bold.file),
  });
}
