import { beforeAll, describe, expect, it } from "vitest";
import { nowDb } from "#db/time";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, type Caller, createUser } from "../helpers/fixtures";
import { fieldErrors } from "../helpers/rejections";
import { openMembers } from "../helpers/members";

/**
 * The admin's check before publishing a legal document: the rendered texts, the changes against
 * the current version, the warning for an English text left behind, and the number of members a
 * version asking for renewed consent stops, counted from the database. Nothing is written.
 */
const t = fileDatabase();
let admin: Caller;

const values = (over: Record<string, unknown> = {}) => ({
  kind: "terms" as const,
  body: "# 利用規約\n第1条 目的\n第2条 定義\n第3条 出金",
  bodyEn: "# Terms\nArticle 1 Purpose\nArticle 2 Definitions\nArticle 3 Withdrawals",
  summary: "",
  summaryEn: "",
  reconsent: false,
  ...over,
});

beforeAll(async () => {
  admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
});

describe(`previewing a legal document's next version on ${testEngine}`, () => {
  it("renders the first version with no current one to compare and no warning", async () => {
    const preview = await admin.legal.preview(values({ kind: "privacy" }));
    expect(preview).toMatchObject({ currentVersion: null, version: 1, englishStale: false });
    expect(preview.html).toContain("<h1>利用規約</h1>");
    expect(preview.htmlEn).toContain("<h1>Terms</h1>");
    // Everything is new: every line on the right.
    expect(preview.diff?.every((r) => r.kind === "added")).toBe(true);
    const stored = await t.db.kysely.selectFrom("legal_documents").selectAll().execute();
    expect(stored).toEqual([]);
  });

  it("pairs each changed line with its replacement and warns when only the Japanese changed", async () => {
    await admin.legal.publish(values());
    const preview = await admin.legal.preview(
      values({ body: "# 利用規約\n第1条 目的\n第2条 定義（改定）\n第3条 出金" }),
    );
    expect(preview).toMatchObject({ currentVersion: 1, version: 2, englishStale: true });
    expect(preview.diff).toEqual([
      { kind: "same", left: "# 利用規約", right: "# 利用規約" },
      { kind: "same", left: "第1条 目的", right: "第1条 目的" },
      { kind: "changed", left: "第2条 定義", right: "第2条 定義（改定）" },
      { kind: "same", left: "第3条 出金", right: "第3条 出金" },
    ]);
    // The English is the current version's: nothing to show on its side.
    expect(preview.diffEn).toBeNull();

    const both = await admin.legal.preview(
      values({
        body: "# 利用規約\n第1条 目的\n第2条 定義（改定）\n第3条 出金",
        bodyEn:
          "# Terms\nArticle 1 Purpose\nArticle 2 Definitions (revised)\nArticle 3 Withdrawals",
      }),
    );
    expect(both.englishStale).toBe(false);
    expect(both.diffEn?.filter((r) => r.kind !== "same")).toEqual([
      {
        kind: "changed",
        left: "Article 2 Definitions",
        right: "Article 2 Definitions (revised)",
      },
    ]);
    // Only an English change, or no English at all, is no stale English either.
    expect((await admin.legal.preview(values({ bodyEn: "" }))).englishStale).toBe(false);
    expect((await admin.legal.preview(values())).diff).toBeNull();
  });

  it("cuts long unchanged stretches to the lines around a change", async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `第${i + 1}条`);
    await admin.legal.publish(values({ kind: "legal", body: lines.join("\n") }));
    const changed = lines.map((l, i) => (i === 20 ? `${l}（改定）` : l));
    const preview = await admin.legal.preview(values({ kind: "legal", body: changed.join("\n") }));
    expect(preview.diff).toEqual([
      { kind: "skipped", lines: 18 },
      { kind: "same", left: "第19条", right: "第19条" },
      { kind: "same", left: "第20条", right: "第20条" },
      { kind: "changed", left: "第21条", right: "第21条（改定）" },
      { kind: "same", left: "第22条", right: "第22条" },
      { kind: "same", left: "第23条", right: "第23条" },
      { kind: "skipped", lines: 17 },
    ]);
  });

  it("counts the open members a version asking for renewed consent stops", async () => {
    const before = await openMembers(t.db);
    const members = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    await createUser(t.db, { permission: "admin" });
    // A closed account is asked nothing.
    await t.db.kysely
      .updateTable("users")
      .set({ closed_at: nowDb() })
      .where("id", "=", members[0].id)
      .execute();
    const asking = await admin.legal.preview(values({ reconsent: true, summary: "第2条を変更" }));
    expect(asking.membersToAsk).toBe(before + 2);
    expect(asking.membersToAsk).toBe(await openMembers(t.db));
    expect((await admin.legal.preview(values())).membersToAsk).toBe(0);
  });

  it("names exactly the previewed values in its fingerprint", async () => {
    const a = await admin.legal.preview(values({ body: "本文A" }));
    expect((await admin.legal.preview(values({ body: "本文A" }))).fingerprint).toBe(a.fingerprint);
    expect((await admin.legal.preview(values({ body: "本文B" }))).fingerprint).not.toBe(
      a.fingerprint,
    );
    expect(
      (await admin.legal.preview(values({ body: "本文A", reconsent: true, summary: "変更" })))
        .fingerprint,
    ).not.toBe(a.fingerprint);
  });

  it("refuses what publishing refuses, and members", async () => {
    expect(await fieldErrors(admin.legal.preview(values({ reconsent: true })))).toEqual({
      summary: "legalSummaryRequired",
    });
    const member = await callerFor(t.db, (await createUser(t.db)).id);
    await expect(member.legal.preview(values())).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
