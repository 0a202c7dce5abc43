import { beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { expectKey } from "../helpers/rejections";
import { callerFor, createUser, fileAdmin } from "../helpers/fixtures";

/**
 * Maker-checker for legal versions asking every member to agree again: the first admin's
 * publication is not in force (no member stopped, the public page unchanged) until a different
 * admin approves it; sent back, it is never published; two approvals at once publish it once.
 * Versions that do not ask publish at once, as before.
 */

const t = fileDatabase();
const first = fileAdmin(t);
const second = fileAdmin(t);
const third = fileAdmin(t);
let member: string;
beforeAll(async () => {
  member = (await createUser(t.db)).id;
});

const values = (kind: "terms" | "privacy", reconsent: boolean, body = "# 規約\n本文") => ({
  kind,
  body,
  bodyEn: "",
  summary: reconsent ? "第5条を変更しました" : "",
  summaryEn: "",
  reconsent,
});

/** Whether the member is stopped at the notice, as the next member page's request sees it. */
const memberStopped = async () => (await (await callerFor(t.db, member)).legal.pending()).length;
const publicVersion = async (kind: "terms" | "privacy") =>
  (await (await callerFor(t.db)).legal.document({ kind }))?.version ?? null;
const awaitingOf = async (kind: "terms" | "privacy") =>
  (await first.caller.legal.adminDocument({ kind })).awaiting;

const auditOf = (actions: string[]) =>
  t.db.kysely
    .selectFrom("audit_log")
    .select(["action", "actor_id", "data"])
    .where("action", "in", actions)
    .orderBy("id")
    .execute();

describe(`second approval of legal versions asking members again on ${testEngine}`, () => {
  it("a version that does not ask publishes at once, as before", async () => {
    expect(await first.caller.legal.publish(values("terms", false))).toEqual({
      kind: "terms",
      version: 1,
    });
    expect(await publicVersion("terms")).toBe(1);
    expect(await awaitingOf("terms")).toBeNull();
  });

  it("one asking again awaits a second admin: not in force, the public page unchanged", async () => {
    const made = await first.caller.legal.publish(values("terms", true, "# 規約\n第2版"));
    expect(made).toEqual({ kind: "terms", version: 2, awaiting: true });
    expect(await publicVersion("terms")).toBe(1);
    expect(await memberStopped()).toBe(0);
    const awaiting = await awaitingOf("terms");
    expect(awaiting).toMatchObject({
      status: "checking",
      version: 2,
      summary: "第5条を変更しました",
      firstApprover: { id: first.id },
    });
    expect((await first.caller.legal.adminDocument({ kind: "terms" })).versions).toHaveLength(1);
    // While it awaits, no other version of the document is published past it.
    await expectKey(first.caller.legal.publish(values("terms", false)), "legalAwaitingApproval");
    await expectKey(second.caller.legal.publish(values("terms", true)), "legalAwaitingApproval");
  });

  it("its first approver can neither approve nor send it back, refused in both languages", async () => {
    const { id } = (await awaitingOf("terms"))!;
    await expectKey(first.caller.legal.approve({ id }), "sameApprover");
    await expectKey(first.caller.legal.sendBack({ id, reason: "自分で戻す" }), "sameApprover");
    const english = await callerFor(t.db, first.id, { locale: "en" });
    await expect(english.legal.approve({ id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await awaitingOf("terms")).toMatchObject({ id, status: "checking" });
    expect(await publicVersion("terms")).toBe(1);
  });

  it("two approvals at once publish it once; then it is in force and members are asked", async () => {
    const { id } = (await awaitingOf("terms"))!;
    const outcomes = await Promise.allSettled([
      second.caller.legal.approve({ id }),
      third.caller.legal.approve({ id }),
    ]);
    const won = outcomes.filter((o) => o.status === "fulfilled");
    expect(won).toHaveLength(1);
    expect((won[0] as PromiseFulfilledResult<unknown>).value).toEqual({
      kind: "terms",
      version: 2,
    });
    const lost = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ key: "notAwaitingApproval" });
    const doc = await first.caller.legal.adminDocument({ kind: "terms" });
    expect(doc.versions.map((v) => [v.version, v.reconsent])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(doc.awaiting).toBeNull();
    expect(await publicVersion("terms")).toBe(2);
    expect(await memberStopped()).toBe(1);
    // The published row names its first approver as the one who published it.
    const row = await t.db.kysely
      .selectFrom("legal_documents")
      .select(["published_by", "body"])
      .where("kind", "=", "terms")
      .where("version", "=", 2)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ published_by: first.id, body: "# 規約\n第2版" });
    await expectKey(third.caller.legal.approve({ id }), "notAwaitingApproval");
    const audit = await auditOf(["legal.firstApprove", "legal.secondApprove"]);
    expect(audit.map((a) => a.action)).toEqual(["legal.firstApprove", "legal.secondApprove"]);
    expect(audit[0]!.actor_id).toBe(first.id);
    expect([second.id, third.id]).toContain(audit[1]!.actor_id);
  });

  it("sent back with a reason it is never published and cannot be approved after", async () => {
    await first.caller.legal.publish(values("privacy", false));
    await second.caller.legal.publish(values("privacy", true, "# プライバシー\n第2版"));
    const { id } = (await awaitingOf("privacy"))!;
    expect(await awaitingOf("privacy")).toMatchObject({ firstApprover: { id: second.id } });
    const before = await memberStopped();
    await expect(
      first.caller.legal.sendBack({ id, reason: "第3条の表現を確認してください" }),
    ).resolves.toEqual({ id, status: "returned" });
    await expectKey(third.caller.legal.approve({ id }), "notAwaitingApproval");
    const doc = await first.caller.legal.adminDocument({ kind: "privacy" });
    expect(doc.awaiting).toBeNull();
    expect(doc.returned).toMatchObject({
      version: 2,
      sendBackReason: "第3条の表現を確認してください",
    });
    expect(doc.versions).toHaveLength(1);
    expect(await publicVersion("privacy")).toBe(1);
    expect(await memberStopped()).toBe(before);
    const [audit] = await auditOf(["legal.sendBack"]);
    expect(audit).toMatchObject({ action: "legal.sendBack", actor_id: first.id });
    // The document may move on: a new version publishes, and the note sent back is gone.
    await first.caller.legal.publish(values("privacy", false, "# プライバシー\n改訂"));
    expect((await first.caller.legal.adminDocument({ kind: "privacy" })).returned).toBeNull();
  });

  it("an approval and a sending back at once: one wins, and it is published only if approved", async () => {
    await first.caller.legal.publish(values("privacy", true, "# プライバシー\n競合"));
    const { id, version } = (await awaitingOf("privacy"))!;
    const [approved, sentBack] = await Promise.allSettled([
      second.caller.legal.approve({ id }),
      third.caller.legal.sendBack({ id, reason: "確認" }),
    ]);
    expect([approved.status, sentBack.status].filter((s) => s === "fulfilled")).toHaveLength(1);
    expect(await publicVersion("privacy")).toBe(
      approved.status === "fulfilled" ? version : version - 1,
    );
  });

  it("an admin without the legal permission can do neither", async () => {
    await first.caller.legal.publish(values("terms", true, "# 規約\n第3版"));
    const { id } = (await awaitingOf("terms"))!;
    const support = await createUser(t.db, { permission: "admin", adminRole: "support" });
    const caller = await callerFor(t.db, support.id);
    await expect(caller.legal.approve({ id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(caller.legal.sendBack({ id, reason: "x" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await awaitingOf("terms")).toMatchObject({ id, status: "checking" });
  });
});
