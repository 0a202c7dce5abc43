/**
 * npm run bench:upload — other pages while an admin uploads a 50 MB broker report, against the
 * same pages with no upload, in one run; and the web process's memory. Not a test: it prints
 * figures.
 *
 * The production build (`npm run build`, which the npm script runs first) is started as its own
 * process as production starts it (`node <server/heap.ts's flags> build/server/http.js`,
 * NODE_ENV=production) on a fresh SQLite file, with its
 * import worker, as in production; this process seeds the data, sends the requests and reads
 * the server's memory from /proc (VmRSS every 100 ms, and VmHWM, the kernel's peak).
 *
 *   quiet       BENCH_QUIET_S seconds (default 15) of page requests, nothing else running
 *   upload      the same requests from the upload's start until its preview (parse, price,
 *               stage) has ended, BENCH_UPLOAD_MAX_S at most (default 600)
 *   quiet again the quiet phase once more, so a load that changed during the run shows
 *
 * Page requests: BENCH_CLIENTS (default 2) clients in a loop, each request after the last
 * answer, over the public home page, the sign-in page and a member's dashboard. The report is
 * the built-in shape, BENCH_UPLOAD_MB (default 50) MB of rows for 2,000 members' accounts, half
 * with an amount and half priced from the rate card.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import { createDb } from "#db";
import { migrateToLatest } from "#db/migrate";
import { nowDb } from "#db/time";
import { createSession, SESSION_COOKIE } from "#server/auth/session";
import { WEB_NODE_FLAGS } from "#server/heap";
import { seedBench } from "./import-data";

const QUIET_S = Number(process.env.BENCH_QUIET_S ?? 15);
const UPLOAD_MAX_S = Number(process.env.BENCH_UPLOAD_MAX_S ?? 600);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);
const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_MB ?? 50) * 1_000_000;
const PORT = Number(process.env.BENCH_PORT ?? 3590);
const ROOT = path.resolve(import.meta.dirname, "..");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's resident memory now and its peak so far, in MB, from /proc. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

/** Writes the report: rows for the members' accounts, each line about 130 bytes. */
async function writeReport(file: string, accounts: string[]): Promise<number> {
  const out = createWriteStream(file);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, "drain");
  };
  await write("trade_date,broker,account,lots,amount,currency,row_key\n");
  for (let i = 0; bytes < UPLOAD_BYTES - 200; i++) {
    const day = String(1 + (Math.floor(i / accounts.length) % 28)).padStart(2, "0");
    const amount = i % 2 === 0 ? String(100 + (i % 5000)) : "";
    const key = `bench-upload-row-${String(i).padStart(9, "0")}-`.padEnd(96, "x");
    await write(
      `2026-10-${day},XM,${accounts[i % accounts.length]},${((i % 97) / 10).toFixed(2)},${amount},JPY,${key}\n`,
    );
  }
  out.end();
  await once(out, "finish");
  return bytes;
}

type Sample = { ms: number; status: number; at: number };

function summary(samples: Sample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const pick = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] ?? 0;
  const statuses = new Map<number, number>();
  for (const s of samples) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
  return {
    n: samples.length,
    p50: pick(0.5),
    p99: pick(0.99),
    max: ms.at(-1) ?? 0,
    statuses: [...statuses].map(([k, v]) => `${k}×${v}`).join(" "),
  };
}

async function main() {
  if (!existsSync(path.join(ROOT, "build/server/http.js"))) {
    throw new Error("no build: run through npm run bench:upload (it builds first)");
  }
  const dir = mkdtempSync(path.join(tmpdir(), "bench-upload-"));
  const sqlitePath = path.join(dir, "bench.sqlite");
  const db = createDb({ sqlitePath });
  let server: ChildProcess | null = null;
  try {
    await migrateToLatest(db);
    const now = nowDb();
    const { adminId, accounts } = await seedBench(db, 2000, now);
    // An admin with a second factor enrolled (the admin pages ask for one), and a member.
    await db.kysely
      .updateTable("users")
      .set({ totp_secret: "JBSWY3DPEHPK3PXP", totp_enabled_at: now })
      .where("id", "=", adminId)
      .execute();
    const admin = await createSession(db, adminId);
    const member = await createSession(db, accounts[0]!.user_id);
    const reportFile = path.join(dir, "report.csv");
    const reportBytes = await writeReport(
      reportFile,
      accounts.map((a) => a.number),
    );

    const origin = `http://127.0.0.1:${PORT}`;
    server = spawn(process.execPath, [...WEB_NODE_FLAGS, "build/server/http.js"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        SQLITE_PATH: sqlitePath,
        UPLOAD_DIR: path.join(dir, "uploads"),
        APP_ORIGIN: origin,
        MAIL_TRANSPORT: "file",
        MAIL_DIR: path.join(dir, "mail"),
        COOKIE_SECURE: "false",
        LOG_LEVEL: "warn",
      },
    });
    const pid = server.pid!;
    for (let i = 0; ; i++) {
      // Three minutes: on a loaded machine the bundle alone took over one to start.
      if (i > 1800) throw new Error("the server did not start");
      const ok = await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(100);
    }

    const pages = [
      { url: "/", cookie: "" },
      { url: "/login", cookie: "" },
      { url: "/users", cookie: `${SESSION_COOKIE}=${member.token}` },
    ];
    // Warm the pages (first renders compile nothing, but fill caches).
    for (const page of pages) await fetch(origin + page.url, { headers: { cookie: page.cookie } });

    let peakRss = 0;
    // Every reading, so the upload's request and its preview each get their own peak.
    const rssAt: { at: number; rss: number }[] = [];
    const watch = setInterval(() => {
      const { rss } = memory(pid);
      rssAt.push({ at: performance.now(), rss });
      peakRss = Math.max(peakRss, rss);
    }, 100);

    /** Page requests from CLIENTS clients until `over()`. */
    async function load(over: () => boolean): Promise<Sample[]> {
      const samples: Sample[] = [];
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, c) => {
          for (let i = c; !over(); i++) {
            const page = pages[i % pages.length]!;
            const started = performance.now();
            const res = await fetch(origin + page.url, {
              headers: { cookie: page.cookie },
              redirect: "manual",
            });
            await res.arrayBuffer();
            samples.push({ ms: performance.now() - started, status: res.status, at: started });
          }
        }),
      );
      return samples;
    }

    const rows: string[] = [];
    function report(name: string, samples: Sample[], extra = "") {
      const s = summary(samples);
      rows.push(
        `${name.padEnd(12)} ${String(s.n).padStart(6)} requests  p50 ${s.p50.toFixed(0).padStart(5)} ms  p99 ${s.p99
          .toFixed(0)
          .padStart(
            5,
          )} ms  max ${s.max.toFixed(0).padStart(6)} ms  (${s.statuses})  rss peak ${peakRss} MB  load ${loadavg()[0]!.toFixed(1)}${extra}`,
      );
      console.log(rows.at(-1));
      return s;
    }

    console.log(
      `report ${(reportBytes / 1e6).toFixed(1)} MB; load average at start ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}; server rss ${memory(pid).rss} MB`,
    );
    const quietEnd = Date.now() + QUIET_S * 1000;
    peakRss = 0;
    const quiet = report("quiet", await load(() => Date.now() > quietEnd));

    peakRss = 0;
    const started = performance.now();
    let answered = 0;
    let status = "uploading";
    const upload = (async () => {
      const form = new FormData();
      form.set(
        "file",
        new Blob([readFileSync(reportFile)], { type: "text/csv" }),
        "bench-report.csv",
      );
      form.set("usdRate", "150");
      form.set("profileId", "builtin");
      const res = await fetch(`${origin}/admin/update`, {
        method: "POST",
        headers: { cookie: `${SESSION_COOKIE}=${admin.token}`, origin },
        body: form,
        redirect: "manual",
      });
      const body = await res.text();
      answered = performance.now() - started;
      if (res.status !== 302 && res.status !== 303) {
        // A refusal says why: the end of the page's visible text (its message is there).
        const text = body
          .replace(/<script[\s\S]*?<\/script>/g, "")
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ");
        status = `upload answered ${res.status} (…${text.slice(-200)})`;
        return;
      }
      // The preview job: until the batch has left "previewing".
      for (;;) {
        const batch = await db.kysely
          .selectFrom("import_batches")
          .select(["status", "rows_total"])
          .orderBy("created_at", "desc")
          .executeTakeFirst();
        if (batch && batch.status !== "previewing") {
          status = `${batch.status}, ${batch.rows_total} rows`;
          return;
        }
        if (performance.now() - started > UPLOAD_MAX_S * 1000) {
          status = `still previewing after ${UPLOAD_MAX_S} s`;
          return;
        }
        await sleep(250);
      }
    })();
    let uploadDone = false;
    void upload.finally(() => (uploadDone = true));
    const during = await load(() => uploadDone);
    await upload;
    const total = performance.now() - started;
    // The same requests split: those sent while the upload's request ran, and after its answer
    // while its preview job ran.
    const peakBetween = (from: number, to: number) =>
      Math.max(0, ...rssAt.filter((r) => r.at >= from && r.at < to).map((r) => r.rss));
    peakRss = peakBetween(started, started + answered);
    report(
      "  request",
      during.filter((s) => s.at < started + answered),
    );
    peakRss = peakBetween(started + answered, started + total);
    report(
      "  preview",
      during.filter((s) => s.at >= started + answered),
    );
    peakRss = peakBetween(started, started + total);
    const busy = report(
      "upload",
      during,
      `; answered in ${(answered / 1000).toFixed(1)} s, preview ${status} in ${(total / 1000).toFixed(1)} s`,
    );

    const againEnd = Date.now() + QUIET_S * 1000;
    peakRss = 0;
    report("quiet again", await load(() => Date.now() > againEnd));
    clearInterval(watch);
    console.log(
      `p99 during the upload over the quiet phase before it: +${(busy.p99 - quiet.p99).toFixed(0)} ms; server rss peak (VmHWM) ${memory(pid).peak} MB`,
    );
  } finally {
    server?.kill("SIGTERM");
    if (server) await once(server, "exit").catch(() => undefined);
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
