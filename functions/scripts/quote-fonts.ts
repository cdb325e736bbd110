// npm run fonts:quote -w functions
// Cuts the quote PDF's faces (src/features/quotes/pdf-fonts.ts) from the Noto Sans package down
// to QUOTE_FONT_RANGES with HarfBuzz's subsetter (subset-font), and writes them to
// functions/assets/fonts with the font's licence. Run it after changing the ranges.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { QUOTE_FACES, quoteFontCharacters } from '../src/features/quotes/pdf-fonts';

async function main(): Promise<void> {
  const characters = quoteFontCharacters();
  for (const face of Object.values(QUOTE_FACES)) {
    const cut = await subsetFont(readFileSync(require.resolve(face.source)), characters, {
      targetFormat: 'truetype',
    });
    writeFileSync(face.file, cut);
    console.log(`${path.basename(face.file)}: ${cut.length.toLocaleString('en-IN')} bytes`);
  }
  const licence = require.resolve('@expo-google-fonts/noto-sans/LICENSE_FONT');
  copyFileSync(licence, path.join(path.dirname(QUOTE_FACES.regular.file), 'OFL.txt'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
