/**
 * npm run bench:audit — the audit log page with 1,000,000 rows (decision 096): the first page,
 * a page filtered by admin, by action and by member, and a keyset page deep in the log, each
 * the median of 7 runs of the page's own query (server/features/audit/service.ts), on the
 * embedded SQLite and on MariaDB. The baseline, measured in the same run on the same rows, is
 * the same depth read with OFFSET, as a numbered pager would. Not a test: it prints figures.
 *
 *   BENCH_MYSQL_URL   server (default mysql://root@127.0.0.1:3306/test); a fresh schema is
 *                     created and dropped
 *   BENCH_ROWS        rows (default 1000000)
 *   --engine sqlite | mysql   only one engine (default both)
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createConnection } from "mysql2/promise";
import { createDb, type Db } from "#db";
import { migrateToLatest } from "#db/migrate";
import { toDbTime } from "#db/time";
import { auditInput, auditPage as page } from "#server/features/audit/service";

/** The page as its procedure calls it: the input parsed by its schema. */
const auditPage = (db: Db, input: Record<string, string>) => page(db, auditInput.parse(input));

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const base = process.env.BENCH_MYSQL_URL ?? "mysql://root@127.0.0.1:3306/test";
const engineAt = process.argv.indexOf("--engine");
const ONLY = engineAt >= 0 ? process.argv[engineAt + 1] : null;

const ACTIONS = [
  "withdrawal.complete",
  "withdrawal.reject",
  "withdrawal.firstApprove",
  "withdrawal.secondApprove",
  "transfer.approve",
  "settings.update",
  "account.approve",
  "payment.reveal",
  "auth.signIn",
  "auth.signInFailed",
  "present.create",
  "legal.publish",
];
const ADMINS = 20;
const MEMBERS = 50_000;
const pad = (n: number) => String(n).padStart(26, "0");

async function fill(db: Db) {
  const admins = Array.from({ length: ADMINS }, (_, i) => `adm${pad(i)}`.slice(-26));
  const now = new Date("2026-12-01T00:00:00Z").getTime();
  const span = 2 * 365 * 24 * 3600 * 1000;
  await db.kysely
    .insertInto("users")
    .values(
      admins.map((id, i) => ({
        id,
        email: `bench-admin-${i}@example.com`,
        password_hash: "x",
        permission: "admin" as const,
        nickname: `admin${i}`,
        name: `Admin ${i}`,
        created_at: toDbTime(new Date(now - span)),
        updated_at: toDbTime(new Date(now - span)),
      })),
    )
    .execute();
  const batch = 2_000;
  for (let start = 0; start < ROWS; start += batch) {
    const values = [];
    for (let i = start; i < Math.min(ROWS, start + batch); i++) {
      // Oldest first, so ids (ULIDs in production) rise with time as they do there.
      values.push({
        id: pad(i),
        actor_id: i % 7 === 0 ? null : admins[i % ADMINS]!,
        action: ACTIONS[i % ACTIONS.length]!,
        target_type: "withdrawal",
        target_id: pad(i * 3),
        member_id: `m${pad(i % MEMBERS)}`.slice(-26),
        ip: "203.0.113.7",
        user_agent: "Mozilla/5.0 (bench)",
        data: '{"amount":300000}',
        created_at: toDbTime(new Date(now - span + Math.floor((i / ROWS) * span))),
      });
    }
    await db.kysely.insertInto("audit_log").values(values).execute();
  }
  return { admin: admins[3]!, member: `m${pad(4321)}`.slice(-26) };
}

async function median(run: () => Promise<unknown>, times = 7) {
  await run(); // warm the caches and the statement
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await run();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return Math.round(ms[Math.floor(times / 2)]! * 100) / 100;
}

async function measure(engine: string, db: Db) {
  const t0 = performance.now();
  const { admin, member } = await fill(db);
  console.log(
    `${engine}: ${ROWS.toLocaleString("en")} rows written in ${Math.round((performance.now() - t0) / 1000)} s`,
  );
  const first = await auditPage(db, {});
  // A keyset page 2,000 pages (100,000 rows) deep, reached by its cursor.
  const depth = 100_000;
  const anchor = await db.kysely
    .selectFrom("audit_log")
    .select(["created_at", "id"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(depth - 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  const after = `${String(anchor.created_at)}~${anchor.id}`;
  const figures = {
    firstPage: await median(() => auditPage(db, {})),
    byAdmin: await median(() => auditPage(db, { actor: admin })),
    byAction: await median(() => auditPage(db, { action: "withdrawal.secondApprove" })),
    byMember: await median(() => auditPage(db, { member })),
    byAdminAndPeriod: await median(() =>
      auditPage(db, { actor: admin, from: "2026-01-01", to: "2026-03-31" }),
    ),
    keysetDeep: await median(() => auditPage(db, { after })),
    baselineOffsetDeep: await median(() =>
      db.kysely
        .selectFrom("audit_log")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .offset(depth)
        .limit(50)
        .execute(),
    ),
  };
  console.log(`${engine}: first page ${first.rows.length} rows; median ms`, figures);
}

async function main() {
  if (ONLY !== "mysql") {
    const work = mkdtempSync(path.join(tmpdir(), "bench-audit-"));
    const db = createDb({ sqlitePath: path.join(work, "bench.sqlite") });
    try {
      await migrateToLatest(db);
      await measure("sqlite", db);
    } finally {
      await db.destroy();
      rmSync(work, { recursive: true, force: true });
    }
  }
  if (ONLY !== "sqlite") {
    const schema = `bench_audit_${randomBytes(4).toString("hex")}`;
    const admin = await createConnection(base);
    await admin.query(`create database \`${schema}\` character set utf8mb4 collate utf8mb4_bin`);
    const url = new URL(base);
    url.pathname = `/${schema}`;
    const db = createDb({ databaseUrl: url.toString(), poolSize: 4 });
    try {
      await migrateToLatest(db);
      await measure("mariadb", db);
    } finally {
      await db.destroy();
      await admin.query(`drop database \`${schema}\``);
      await admin.end();
    }
  }
}

await main();
