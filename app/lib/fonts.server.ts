import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Noto Sans JP (SIL Open Font License, from the @expo-google-fonts/noto-sans-jp package), the
 * face the server draws Japanese with: the annual statement's PDF and the link preview images.
 * Nothing is read from the system's fonts, so the production image needs no font package.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
  bold: "@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf",
} as const;

/**
 * The font package is a development dependency: its nine weights weigh 49 MB, and the image
 * needs two. `npm run build` copies those two into build/fonts (scripts/build-server.mjs), which
 * the image carries; from the sources (tests, development) they come from the package.
 */
function fontFile(file: string): string {
  try {
    return require.resolve(file);
  } catch {
    return path.resolve("build/fonts", path.basename(file));
  }
}

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** Read once per process: the files do not change while it runs. */
export function japaneseFonts() {
  fonts ??= {
    regular: readFileSync(fontFile(FONT_FILES.regular)),
    bold: readFileSync(fontFile(FONT_FILES.bold)),
  };
  return fonts;
}
