import { beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, type Caller, createUser, makeContext } from "../helpers/fixtures";
import { expectKey, fieldErrors } from "../helpers/rejections";
import { seedLegal } from "#tools/seed/legal";
import { publishInForce } from "../helpers/legal";

const t = fileDatabase();
// The seed's own database: the tests above publish versions of their own.
const seedDb = fileDatabase();
let admin: Caller;

beforeAll(async () => {
  admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
});

// In force at once: a version asking members again is approved by a second admin here (its
// approval has tests of its own).
const publish = (kind: "terms" | "privacy" | "legal" | "company", over = {}) =>
  publishInForce(t.db, admin, {
    kind,
    body: `# ${kind}\n本文`,
    bodyEn: "",
    summary: "",
    summaryEn: "",
    reconsent: false,
    ...over,
  });

/** A sign-up with `agree` as sent (left out when undefined): the schema judges it. */
async function signUp(email: string, agree?: unknown) {
  const visitor = await callerFor(t.db, undefined, {
    ip: `10.77.${Math.floor(Math.random() * 250)}.1`,
  });
  const input: Record<string, unknown> = {
    name: "Hanako Sato",
    nickname: "hana",
    email,
    password: "Kx7-mUq2-wpLr",
    passwordConfirm: "Kx7-mUq2-wpLr",
  };
  if (agree !== undefined) input.agree = agree;
  return visitor.auth.register(input as Parameters<typeof visitor.auth.register>[0]);
}

async function consentsOf(email: string) {
  return t.db.kysely
    .selectFrom("legal_consents as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .innerJoin("legal_documents as d", "d.id", "c.document_id")
    .select(["d.kind", "d.version", "c.accepted_at"])
    .where("u.email", "=", email)
    .orderBy("d.kind")
    .execute();
}

describe(`legal documents and consent on ${testEngine}`, () => {
  it("numbers versions per document and keeps each earlier version readable", async () => {
    expect(await (await callerFor(t.db)).legal.document({ kind: "company" })).toBeNull();
    expect(await publish("company", { body: "第一版" })).toEqual({ kind: "company", version: 1 });
    expect(await publish("company", { body: "第二版", bodyEn: "Second" })).toEqual({
      kind: "company",
      version: 2,
    });
    const visitor = await callerFor(t.db);
    const latest = await visitor.legal.document({ kind: "company" });
    expect(latest).toMatchObject({ version: 2, latest: true, inJapanese: false });
    expect(latest?.html).toContain("第二版");
    expect(latest?.versions.map((v) => v.version)).toEqual([2, 1]);
    const first = await visitor.legal.document({ kind: "company", version: "1" as never });
    expect(first).toMatchObject({ version: 1, latest: false });
    expect(first?.html).toContain("第一版");
    expect(await visitor.legal.document({ kind: "company", version: 9 })).toBeNull();
    // English readers get the English where written, else the Japanese, said so.
    const english = await callerFor(t.db, undefined, { locale: "en" });
    expect((await english.legal.document({ kind: "company" }))?.html).toContain("Second");
    expect(await english.legal.document({ kind: "company", version: 1 })).toMatchObject({
      inJapanese: true,
    });
    // The publication is audited.
    const audit = await t.db.kysely
      .selectFrom("audit_log")
      .select("data")
      .where("action", "=", "legal.publish")
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it("renders Markdown without the author's HTML or script links", async () => {
    await publish("legal", {
      body: '## 表記\n<script>alert("x")</script>\n<img src=x onerror=alert(1)>\n[link](javascript:alert(1)) [ok](https://example.com/)',
    });
    const doc = await (await callerFor(t.db)).legal.document({ kind: "legal" });
    expect(doc?.html).toContain("<h2>表記</h2>");
    // The tags arrive as text; no element carries a handler or a script URL.
    expect(doc?.html).not.toMatch(/<(script|img)\b/i);
    expect(doc?.html).not.toMatch(/<[^>]*(onerror|javascript:)[^>]*>/i);
    expect(doc?.html).toContain("&lt;script&gt;");
    expect(doc?.html).toContain('<a href="https://example.com/" rel="noopener noreferrer">ok</a>');
  });

  it("refuses a publication without Japanese, or asking for consent without a summary", async () => {
    expect(await fieldErrors(publish("terms", { body: "  " }))).toEqual({ body: "required" });
    expect(await fieldErrors(publish("terms", { reconsent: true }))).toEqual({
      summary: "legalSummaryRequired",
    });
    expect(await fieldErrors(publish("company", { reconsent: true, summary: "変更" }))).toEqual({
      reconsent: "legalNotAgreed",
    });
    const member = await callerFor(t.db, (await createUser(t.db)).id);
    await expect(
      publish("terms").then(() => member.legal.publish({} as never)),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("refuses a registration without agreement, and records the versions agreed to", async () => {
    await publish("terms");
    await publish("privacy");
    expect(await fieldErrors(signUp("no-agree@example.test"))).toEqual({ agree: "agreeRequired" });
    // The passwords are still compared while the box is unticked.
    const visitor = await callerFor(t.db, undefined, { ip: "10.78.0.1" });
    expect(
      await fieldErrors(
        visitor.auth.register({
          name: "Hanako Sato",
          nickname: "hana",
          email: "mismatch@example.test",
          password: "Kx7-mUq2-wpLr",
          passwordConfirm: "Kx7-mUq2-wpLx",
        } as never),
      ),
    ).toEqual({ agree: "agreeRequired", passwordConfirm: "passwordMismatch" });
    expect(await fieldErrors(signUp("off@example.test", "off"))).toEqual({
      agree: "agreeRequired",
    });
    expect(await fieldErrors(signUp("false@example.test", false))).toEqual({
      agree: "agreeRequired",
    });
    expect(
      await t.db.kysely
        .selectFrom("users")
        .select("id")
        .where("email", "in", ["no-agree@example.test", "off@example.test", "false@example.test"])
        .execute(),
    ).toEqual([]);

    await signUp("agreed@example.test", "on");
    const terms = await (await callerFor(t.db)).legal.document({ kind: "terms" });
    const privacy = await (await callerFor(t.db)).legal.document({ kind: "privacy" });
    const recorded = await consentsOf("agreed@example.test");
    expect(recorded.map((c) => [c.kind, c.version])).toEqual([
      ["privacy", privacy?.version],
      ["terms", terms?.version],
    ]);
  });

  it("asks a member to agree again to a version that says so, once, and records it", async () => {
    const { id } = await createUser(t.db);
    // Each call is a request of its own: the session lookup says whether anything is due.
    const pendingNow = async () => (await callerFor(t.db, id)).legal.pending();
    const dueNow = async () => (await makeContext(t.db, id)).session?.due.consent;
    const member = await callerFor(t.db, id);
    // A member who never agreed to anything is not stopped by versions that do not ask.
    expect(await pendingNow()).toEqual([]);
    const { version } = await publish("terms", {
      reconsent: true,
      summary: "第5条を変更しました",
      summaryEn: "Article 5 changed",
    });
    expect(await dueNow()).toBe(true);
    const pending = await pendingNow();
    expect(pending).toMatchObject([{ kind: "terms", version, summary: "第5条を変更しました" }]);
    const english = await callerFor(t.db, id, { locale: "en" });
    expect(await english.legal.pending()).toMatchObject([{ summary: "Article 5 changed" }]);

    // The box must be ticked; a stale version (published meanwhile) is not accepted.
    expect(
      await fieldErrors(member.legal.accept({ documents: [{ kind: "terms", version }] } as never)),
    ).toEqual({ agree: "agreeRequired" });
    await expectKey(
      member.legal.accept({ agree: "on", documents: [{ kind: "terms", version: version - 1 }] }),
      "legalPublishedMeanwhile",
    );
    expect(await pendingNow()).toHaveLength(1);

    await member.legal.accept({ agree: "on", documents: [{ kind: "terms", version }] });
    await member.legal.accept({ agree: "on", documents: [{ kind: "terms", version }] });
    expect(await pendingNow()).toEqual([]);
    expect(await dueNow()).toBe(false);
    const mine = await admin.legal.memberConsents({ userId: id });
    expect(mine).toMatchObject([{ kind: "terms", version }]);

    // A later version that does not ask keeps the member's agreement good.
    await publish("terms");
    expect(await pendingNow()).toEqual([]);
    // An admin is not a member: the gate's procedure refuses them.
    await expect(admin.legal.pending()).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("lists every consent for the CSV, newest first, by document", async () => {
    const all = await admin.legal.consents({ export: true });
    expect(all.rows.length).toBeGreaterThanOrEqual(3);
    const times = all.rows.map((r) => r.acceptedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const privacy = await admin.legal.consents({ export: true, kind: "privacy" });
    expect(privacy.rows.every((r) => r.kind === "privacy")).toBe(true);
    expect(privacy.rows.map((r) => r.email)).toContain("agreed@example.test");
    const member = await callerFor(t.db, (await createUser(t.db)).id);
    await expect(member.legal.consents({})).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("seeds a marked template of each document once, whatever runs again", async () => {
    const seeded = seedDb.db;
    const adminId = (await createUser(seeded, { permission: "admin" })).id;
    const memberId = (await createUser(seeded)).id;
    await seedLegal(seeded, { adminId, memberIds: [memberId] });
    await seedLegal(seeded, { adminId, memberIds: [memberId] });
    const docs = await seeded.kysely
      .selectFrom("legal_documents")
      .select(["kind", "version", "body", "body_en"])
      .orderBy("kind")
      .execute();
    expect(docs.map((d) => [d.kind, d.version])).toEqual([
      ["company", 1],
      ["legal", 1],
      ["privacy", 1],
      ["terms", 1],
    ]);
    for (const d of docs) {
      expect(d.body).toContain("ひな形です");
      expect(d.body_en).toContain("Template");
    }
    const consents = await seeded.kysely
      .selectFrom("legal_consents")
      .select("document_id")
      .where("user_id", "=", memberId)
      .execute();
    expect(consents).toHaveLength(2);
  });
});
