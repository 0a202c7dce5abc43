/**
 * npm run bench:compression -- page.html… — what compressing one response costs, per encoding
 * and setting, on the pages' own HTML. Not a test: it prints a table.
 *
 * Each response is compressed as the server does it: a fresh node:zlib stream, the body
 * written in the chunks the render gives (BENCH_CHUNK bytes, default 16 KB), then ended, the
 * output read to its end. The time is the process's CPU (user + system, which includes zlib's
 * thread pool) per response, over BENCH_RESPONSES responses (default 2,000) after as many
 * unmeasured ones. Save the pages first, e.g.
 *   curl -s -H 'accept-encoding: identity' -b "$COOKIE" http://127.0.0.1:3000/users > /tmp/dashboard.html
 * Without files it measures synthetic HTML (a repeated table row with varying figures) of the
 * minimal Remix page's size (2.5 KB) and the portal's pages' (18, 30 and 55 KB).
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import {
  constants,
  createBrotliCompress,
  createGzip,
  type BrotliOptions,
  type ZlibOptions,
} from "node:zlib";
import type { Transform } from "node:stream";
import { compressor } from "#server/compression";

const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 2000);
const CHUNK = Number(process.env.BENCH_CHUNK ?? 16 * 1024);
/** Responses in flight at once, as the page benchmark's 10 connections make them. */
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 10);
/** Rounds over every setting in turn; each cell is the median of its rounds. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface Setting {
  name: string;
  make: (size: number) => Transform;
}

const brotli =
  (quality: number, lgwin?: number, hint = false) =>
  (size: number) => {
    const params: BrotliOptions["params"] = { [constants.BROTLI_PARAM_QUALITY]: quality };
    if (lgwin) params[constants.BROTLI_PARAM_LGWIN] = lgwin;
    if (hint) params[constants.BROTLI_PARAM_SIZE_HINT] = size;
    return createBrotliCompress({ params });
  };
const gzip = (options: ZlibOptions) => () => createGzip(options);

const SETTINGS: Setting[] = [
  { name: "gzip 1 (windowBits 15, memLevel 8)", make: gzip({ level: 1 }) },
  { name: "gzip 1, memLevel 7", make: gzip({ level: 1, memLevel: 7 }) },
  {
    name: "gzip 1, windowBits 14, memLevel 7",
    make: gzip({ level: 1, windowBits: 14, memLevel: 7 }),
  },
  { name: "gzip 6", make: gzip({ level: 6 }) },
  { name: "brotli 2 (lgwin 22)", make: brotli(2) },
  { name: "brotli 2, size hint", make: brotli(2, undefined, true) },
  { name: "brotli 2, lgwin 16", make: brotli(2, 16) },
  { name: "brotli 2, lgwin 16, size hint", make: brotli(2, 16, true) },
  { name: "brotli 1, lgwin 16", make: brotli(1, 16) },
  { name: "brotli 0, lgwin 16", make: brotli(0, 16) },
  { name: "brotli 4, lgwin 16", make: brotli(4, 16) },
  { name: "brotli 2, lgwin 18", make: brotli(2, 18) },
  // What the server chooses (server/compression.ts): a streamed page, and a body of known length.
  { name: "portal: Brotli, length unknown (streamed)", make: () => compressor("br", undefined) },
  { name: "portal: Brotli, length known", make: (size) => compressor("br", size) },
  { name: "portal: gzip", make: () => compressor("gzip", undefined) },
];

function compressOnce(setting: Setting, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const stream = setting.make(body.length);
    let out = 0;
    stream.on("data", (chunk: Buffer) => (out += chunk.length));
    stream.once("end", () => resolve(out));
    stream.once("error", reject);
    for (let at = 0; at < body.length; at += CHUNK) stream.write(body.subarray(at, at + CHUNK));
    stream.end();
  });
}

/** CPU ms per response over `count` responses, `CONCURRENT` of them in flight at a time. */
async function measure(setting: Setting, body: Buffer, count: number) {
  const before = process.cpuUsage();
  let bytes = 0;
  for (let done = 0; done < count; done += CONCURRENT) {
    const outs = await Promise.all(
      Array.from({ length: CONCURRENT }, () => compressOnce(setting, body)),
    );
    bytes = outs[0]!;
  }
  const cpu = process.cpuUsage(before);
  return { cpuMs: (cpu.user + cpu.system) / 1000 / count, bytes };
}

function synthetic(size: number): Buffer {
  const rows: string[] = [];
  for (let i = 0; rows.join("").length < size; i++)
    rows.push(
      `<tr class="row"><td>${i}</td><td>¥${(i * 7919) % 100000}</td><td>会員${i}</td></tr>`,
    );
  return Buffer.from(`<!DOCTYPE html><html><body><table>${rows.join("")}</table></body></html>`);
}

const files = process.argv.slice(2);
const bodies: [string, Buffer][] = files.length
  ? files.map((f) => [path.basename(f), readFileSync(f)])
  : [2_500, 18_000, 30_000, 55_000].map((s) => [`synthetic ${s} B`, synthetic(s)]);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpu = new Map<string, number[]>();
const out = new Map<string, number>();
const key = (s: number, b: number) => `${s}:${b}`;
// Warm every setting once, then rounds over all of them in turn, so a load that moves on a
// shared machine moves every setting alike.
for (const setting of SETTINGS)
  for (const [, body] of bodies) await measure(setting, body, RESPONSES / 4);
for (let round = 0; round < ROUNDS; round++) {
  for (const [s, setting] of SETTINGS.entries()) {
    for (const [b, [, body]] of bodies.entries()) {
      const m = await measure(setting, body, RESPONSES / ROUNDS);
      cpu.set(key(s, b), [...(cpu.get(key(s, b)) ?? []), m.cpuMs]);
      out.set(key(s, b), m.bytes);
    }
  }
}
console.log(
  `${RESPONSES} responses per cell (${CONCURRENT} at a time, chunks of ${CHUNK} B, median of ${ROUNDS} rounds): CPU ms per response (bytes out); load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(
  `| setting | ${bodies.map(([n, b]) => `${n} (${(b.length / 1024).toFixed(1)} KB)`).join(" | ")} |`,
);
console.log(`|---|${bodies.map(() => "---:").join("|")}|`);
for (const [s, setting] of SETTINGS.entries()) {
  const cells = bodies.map(
    (_, b) => `${median(cpu.get(key(s, b))!).toFixed(3)} (${out.get(key(s, b))})`,
  );
  console.log(`| ${setting.name} | ${cells.join(" | ")} |`);
}
