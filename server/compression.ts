import { constants } from "node:zlib";
import compression from "compression";

/**
 * Compression of what the server renders per request (HTML, tRPC JSON): the cheapest levels
 * that still compress well. The build's scripts and styles are compressed once, at the
 * highest level, by `npm run build` (server/precompressed.ts); everything else is made on
 * every request, where the default levels (Brotli 4, gzip 6) spent twice the CPU for 8–12 %
 * fewer bytes: on the dashboard's 65 KB of HTML, Brotli 2 takes 0.36 ms of CPU for 11.3 KB
 * against 0.70 ms for 10.4 KB, gzip 1 0.31 ms for 12.8 KB against 0.65 ms for 11.3 KB
 * (decision 026). The page benchmark's minimal Remix page uses the same settings, so its
 * ratios compare the pages and not the compression.
 */
export function responseCompression() {
  return compression({
    level: 1,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } },
  });
}
