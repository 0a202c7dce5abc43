// Bundles the express server and the bot worker for production. Packages stay external
// (installed in the image); our own TypeScript (server/, db/, bot/, app/i18n.ts) is bundled.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { build } from "esbuild";
import { describeBuild } from "./build-version.mjs";

// The release and commit the bundle reports (server/version.ts): git here, build arguments in
// the image's build stage, where .git is not copied.
const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const described = describeBuild(pkg.version);
console.log(
  `server bundle: version ${described.version}${described.commit ? `, commit ${described.commit}` : ""}`,
);

await build({
  entryPoints: {
    http: "server/http.ts",
    "import-thread": "server/import-thread.ts",
    bot: "bot/main.ts",
    cli: "tools/cli.ts",
  },
  outdir: "build/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  sourcemap: true,
  define: {
    __PORTAL_BUILD_VERSION__: JSON.stringify(described.version),
    __PORTAL_BUILD_COMMIT__: JSON.stringify(described.commit),
  },
  logLevel: "info",
});

// The browser build's scripts and styles, compressed once at the highest Brotli quality: the
// server sends x.js.br to browsers that accept Brotli (server/precompressed.ts).
let raw = 0;
let compressed = 0;
for (const entry of readdirSync("public/build", { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(js|css)$/.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const bytes = readFileSync(file);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  raw += bytes.length;
  compressed += br.length;
}
console.log(
  `public/build: ${(raw / 1024).toFixed(0)} KB of scripts and styles, ${(compressed / 1024).toFixed(0)} KB as Brotli`,
);

// The annual statement's PDF font: the two weights it draws with (and the font's licence), so
// the image needs no font package (app/lib/annual-pdf.server.ts reads them from build/fonts).
const require = createRequire(import.meta.url);
mkdirSync("build/fonts", { recursive: true });
for (const file of [
  "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
  "@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf",
  "@expo-google-fonts/noto-sans-jp/LICENSE_FONT",
]) {
  copyFileSync(require.resolve(file), path.join("build/fonts", path.basename(file)));
}

// The LINE rich menu's image, which the worker uploads (server/line/rich-menu.ts reads it from
// build/line in the bundle).
mkdirSync("build/line", { recursive: true });
copyFileSync("server/line/rich-menu.png", "build/line/rich-menu.png");
