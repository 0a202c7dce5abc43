import { describe, expect, it } from "vitest";
import { fileDatabase } from "../helpers/file-db";
import { createUser } from "../helpers/fixtures";
import { formRefusal, refusalText, routeClient } from "../helpers/routes";

/**
 * /admin/update's upload as the server answers it: the report's pieces are joined once by the
 * page's multipart reader; a post without a file or with a file the import cannot read is
 * refused with its reason, and no batch is created.
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
  });
});
