// Bundles the express server and the bot worker for production. Packages stay external
// (installed in the image); our own TypeScript (server/, db/, bot/, app/i18n.ts) is bundled.
import { build } from "esbuild";

await build({
  entryPoints: { http: "server/http.ts", bot: "bot/main.ts", cli: "db/cli.ts" },
  outdir: "build/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "info",
});
