import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fileDatabase } from "../helpers/file-db";
import { createUser, testStorage } from "../helpers/fixtures";
import { formRefusal, refusalText, routeClient } from "../helpers/routes";

/**
 * /admin/update's upload as the server answers it: the report is written to the storage's disk
 * as it arrives; a post without a file or with a file the import cannot read is refused with
 * its reason, no batch is created and nothing is left on disk; an accepted report is moved
 * under its key.
 */

const t = fileDatabase();
const routes = routeClient(() => t.db);

const batches = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom("import_batches")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Where uploads arrive: empty after every answer. */
const incoming = path.dirname(testStorage.incomingPath());
const leftOnDisk = () => (existsSync(incoming) ? readdirSync(incoming) : []);

describe("the report upload", () => {
  it("refuses a post without a file, saying which field, and creates no batch", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const form = new FormData();
    form.set("usdRate", "150");
    form.set("profileId", "builtin");
    // An empty file input: the browser sends the part with no file name.
    form.set("file", new File([], ""));
    const answer = await routes.post("/admin/update?index", form, { as: admin });
    expect(answer.status).toBe(400);
    expect(formRefusal(answer)).toMatchObject({ fields: { file: "required" } });
    expect(
      await refusalText(answer, "ja", { name: "file", label: "cashback:update.file" }),
    ).toContain("レポートファイル");
    expect(await batches()).toBe(0);
    expect(leftOnDisk()).toEqual([]);
  });

  it("refuses a file in an encoding the import cannot read, naming it, and creates no batch", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const form = new FormData();
    form.set("usdRate", "150");
    form.set("profileId", "builtin");
    // UTF-16 (its byte-order mark), which no broker report is written in.
    const utf16 = new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x62, 0x00]);
    form.set("file", new File([utf16], "report.csv", { type: "text/csv" }));
    const answer = await routes.post("/admin/update?index", form, { as: admin });
    expect(answer.status).toBe(400);
    expect(formRefusal(answer).key).toBe("import.unknownEncoding");
    expect(await refusalText(answer, "en")).toContain("UTF-16");
    expect(await refusalText(answer, "ja")).toContain("UTF-16");
    expect(await batches()).toBe(0);
    expect(leftOnDisk()).toEqual([]);
  });

  it("stores an accepted report under its key with its fingerprint, and leaves nothing where it arrived", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const report = Buffer.from(
      "trade_date,broker,account,lots,amount,currency,row_key\n" +
        "2026-10-01,XM,880001,0.50,120,JPY,route-upload-1\n",
    );
    const form = new FormData();
    form.set("usdRate", "150");
    form.set("profileId", "builtin");
    form.set("file", new File([report], "weekly.csv", { type: "text/csv" }));
    const answer = await routes.post("/admin/update?index", form, { as: admin });
    expect(answer.status).toBe(302);
    const batch = await t.db.kysely
      .selectFrom("import_batches")
      .select(["id", "report_key", "report_bytes", "file_sha256", "file_name"])
      .executeTakeFirstOrThrow();
    expect(answer.location).toBe(`/admin/update/${batch.id}`);
    expect(batch).toMatchObject({
      file_name: "weekly.csv",
      report_bytes: report.length,
      file_sha256: createHash("sha256").update(report).digest("hex"),
    });
    expect((await testStorage.get(batch.report_key!))?.length).toBe(report.length);
    expect(Buffer.from((await testStorage.get(batch.report_key!))!).equals(report)).toBe(true);
    expect(leftOnDisk()).toEqual([]);
  });
});
