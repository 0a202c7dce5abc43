import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { downloadDataExport, runDataExports } from "#server/features/profile/data-export";
import { renderMail } from "#server/mail";
import { localStorage } from "#server/storage";
import { testEngine, rowWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { adminWithCaller, callerFor, createUser, MailBox, silentLog } from "../helpers/fixtures";
import { fund, givePaymentDetails, TRON_ADDRESS } from "../helpers/money";

const t = fileDatabase({ ledgerMustBalance: true });
const storage = localStorage(mkdtempSync(path.join(tmpdir(), "portal-export-")));
const HOUR = 60 * 60 * 1000;

async function member(nickname: string, language: "ja" | "en" = "ja") {
  const user = await createUser(t.db, { nickname });
  await t.db.kysely.updateTable("users").set({ language }).where("id", "=", user.id).execute();
  await fund(t.db, user.id, 12345);
  await givePaymentDetails(t.db, user.id, { bank_account_number: "7654321" });
  const caller = await callerFor(t.db, user.id, { storage });
  await caller.chat.send({ body: `私は${nickname}です` });
  return { ...user, caller };
}

const run = (mailer: MailBox, now: Date) =>
  runDataExports(
    { db: t.db, storage, mailer, log: silentLog, appOrigin: "https://portal.test" },
    now,
  );

describe(`a member's copy of their data on ${testEngine}`, () => {
  it("is prepared by the job as a ZIP of JSON and CSV with only that member's data, masked", async () => {
    const a = await member("Alice", "en");
    const b = await member("Bobby");
    const { id } = await a.caller.profile.requestDataExport();
    expect((await a.caller.profile.dataExport()).latest).toMatchObject({ id, status: "requested" });
    // Not ready yet: nothing to download.
    await expect(a.caller.profile.downloadDataExport({ id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const mailbox = new MailBox();
    expect(await run(mailbox, new Date())).toMatchObject({ prepared: 1 });
    const mail = mailbox.last("dataExportReady");
    expect(mail).toMatchObject({ to: a.email, language: "en" });
    expect(mail?.params.link).toBe(`https://portal.test/users/data-export/${id}`);
    expect(renderMail(mail!).text).toContain("24 hours");

    const { bytes } = await a.caller.profile.downloadDataExport({ id });
    const files = unzipSync(bytes);
    const parts = [
      "profile",
      "broker_accounts",
      "payout_details",
      "consents",
      "sessions",
      "security_events",
      "statement",
      "chat_messages",
    ];
    expect(Object.keys(files).sort()).toEqual(
      parts.flatMap((p) => [`${p}.csv`, `${p}.json`]).sort(),
    );
    const json = (name: string) =>
      JSON.parse(strFromU8(files[`${name}.json`]!)) as Record<string, unknown>[];
    expect(json("profile")).toEqual([
      expect.objectContaining({ id: a.id, email: a.email, nickname: "Alice" }),
    ]);
    expect(json("payout_details")[0]).toMatchObject({
      bank_account_number: "***4321",
      usdt_address: "*".repeat(TRON_ADDRESS.length - 4) + TRON_ADDRESS.slice(-4),
      bitwallet_email: "b***@example.test",
    });
    expect(json("statement").reduce((sum, r) => sum + Number(r.amount), 0)).toBe(12345);
    expect(json("chat_messages")).toEqual([expect.objectContaining({ body: "私はAliceです" })]);
    expect(json("sessions").length).toBeGreaterThan(0);
    expect(json("sessions")[0]).not.toHaveProperty("id");
    const csv = strFromU8(files["profile.csv"]!);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toContain(a.email);
    // Nothing of the other member anywhere in the archive, nor the unmasked numbers.
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join("\n");
    for (const secret of [b.id, b.email, "Bobby", "7654321", TRON_ADDRESS]) {
      expect(everything).not.toContain(secret);
    }

    const row = await rowWhere(t.db, "data_exports", "id", id);
    expect(row).toMatchObject({ status: "ready", download_count: 1 });
    expect(row.first_downloaded_at).not.toBeNull();
  });

  it("answers another member's id as not found", async () => {
    const a = await member("Carol");
    const b = await member("Dave");
    const { id } = await a.caller.profile.requestDataExport();
    await run(new MailBox(), new Date());
    await expect(b.caller.profile.downloadDataExport({ id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(Number((await rowWhere(t.db, "data_exports", "id", id)).download_count)).toBe(0);
  });

  it("lapses after 24 hours: the link answers not found and the job removes the file", async () => {
    const a = await member("Erin");
    const { id } = await a.caller.profile.requestDataExport();
    const start = new Date();
    await run(new MailBox(), start);
    const key = (await rowWhere(t.db, "data_exports", "id", id)).storage_key!;
    expect(await storage.get(key)).not.toBeNull();
    const at = (hours: number) => new Date(start.getTime() + hours * HOUR);
    await expect(
      downloadDataExport({ db: t.db, storage }, a.id, id, at(23)),
    ).resolves.toHaveProperty("bytes");
    await expect(downloadDataExport({ db: t.db, storage }, a.id, id, at(24))).rejects.toMatchObject(
      { code: "NOT_FOUND" },
    );
    // Copies of the earlier tests lapse at the same clock: at least this one.
    expect((await run(new MailBox(), at(24))).expired).toBeGreaterThanOrEqual(1);
    expect(await rowWhere(t.db, "data_exports", "id", id)).toMatchObject({
      status: "expired",
      storage_key: null,
    });
    expect(await storage.get(key)).toBeNull();
  });

  it("mails the link again when the mail server refused it, waiting longer each time, and then gives up", async () => {
    /** Refuses the first `failures` mails. */
    class RefusingMailBox extends MailBox {
      constructor(private failures: number) {
        super();
      }
      override async send(message: Parameters<MailBox["send"]>[0]) {
        if (this.failures-- > 0) throw new Error("421 try again later");
        await super.send(message);
      }
    }
    const minutes = (start: Date, m: number) => new Date(start.getTime() + m * 60 * 1000);
    const g = await member("Gina");
    const { id } = await g.caller.profile.requestDataExport();
    const start = new Date();
    const flaky = new RefusingMailBox(2);
    expect(await run(flaky, start)).toMatchObject({ prepared: 1, remailed: 0 });
    expect(await rowWhere(t.db, "data_exports", "id", id)).toMatchObject({
      status: "ready",
      mail_attempts: 1,
      mailed_at: null,
    });
    // The second try waits two minutes, the third four more.
    expect(await run(flaky, minutes(start, 1))).toMatchObject({ remailed: 0 });
    expect(await run(flaky, minutes(start, 2))).toMatchObject({ remailed: 0 });
    expect(await run(flaky, minutes(start, 5))).toMatchObject({ remailed: 0 });
    expect((await rowWhere(t.db, "data_exports", "id", id)).mail_attempts).toBe(2);
    expect(await run(flaky, minutes(start, 6))).toMatchObject({ remailed: 1 });
    expect(flaky.sent.map((m) => [m.template, m.to])).toEqual([["dataExportReady", g.email]]);
    expect((await rowWhere(t.db, "data_exports", "id", id)).mailed_at).not.toBeNull();
    // Sent once: nothing more on later runs.
    await run(flaky, minutes(start, 120));
    expect(flaky.sent).toHaveLength(1);

    // A server that never takes it: six tries in all, then the job stops trying.
    const h = await member("Hank");
    const other = await h.caller.profile.requestDataExport();
    const down = new RefusingMailBox(Infinity);
    const later = minutes(start, 200);
    await run(down, later);
    for (let m = 1; m <= 200; m += 1) await run(down, minutes(later, m));
    expect(await rowWhere(t.db, "data_exports", "id", other.id)).toMatchObject({
      mail_attempts: 6,
      mailed_at: null,
    });
  });

  it("refuses a second request while one waits, and takes a new one once it is ready", async () => {
    const a = await member("Frank");
    await a.caller.profile.requestDataExport();
    await expect(a.caller.profile.requestDataExport()).rejects.toMatchObject({
      key: "dataExportPending",
    });
    await run(new MailBox(), new Date());
    await expect(a.caller.profile.requestDataExport()).resolves.toHaveProperty("id");
  });

  it("shows the admin who asked and downloaded when; members cannot ask", async () => {
    const a = await member("Grace");
    const { id } = await a.caller.profile.requestDataExport();
    await run(new MailBox(), new Date());
    await a.caller.profile.downloadDataExport({ id });
    const admin = await adminWithCaller(t.db);
    const rows = await admin.caller.profile.adminDataExports({ id: a.id });
    expect(rows).toEqual([expect.objectContaining({ id, status: "ready", downloadCount: 1 })]);
    expect(rows[0]!.lastDownloadedAt).not.toBeNull();
    await expect(a.caller.profile.adminDataExports({ id: a.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("records the request and each download in the audit log, a refused one not at all", async () => {
    const a = await member("Heidi");
    const b = await member("Ivan");
    const { id } = await a.caller.profile.requestDataExport();
    await expect(a.caller.profile.requestDataExport()).rejects.toMatchObject({
      key: "dataExportPending",
    });
    await run(new MailBox(), new Date());
    await a.caller.profile.downloadDataExport({ id });
    await a.caller.profile.downloadDataExport({ id });
    // Another member's try is not found, and leaves no record on either account.
    await expect(b.caller.profile.downloadDataExport({ id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const rows = await t.db.kysely
      .selectFrom("audit_log")
      .select(["action", "actor_id", "member_id", "target_type", "target_id"])
      .where("action", "like", "dataExport.%")
      .where("member_id", "in", [a.id, b.id])
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    const record = (action: string) => ({
      action,
      actor_id: a.id,
      member_id: a.id,
      target_type: "data_export",
      target_id: id,
    });
    expect(rows).toEqual([
      record("dataExport.request"),
      record("dataExport.download"),
      record("dataExport.download"),
    ]);
  });
});
