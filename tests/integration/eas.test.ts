import { describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { outcome } from "../helpers/outcome";
import { eaSuite } from "../helpers/eas-suite";
import { auditsOf } from "../helpers/audit";

/**
 * EAs on a real database: the admin's EA and version uploads, members' licence requests for an
 * approved account of the right type, the admin's issue / reject / revoke, and the download
 * that only an active licence opens.
 */

const suite = eaSuite(100000);
const { t, account, member } = suite;

/** Bytes that pass as an .ex4 (MetaTrader's compiled files have no public magic number). */
function ex4(text: string) {
  return new Uint8Array(Buffer.concat([Buffer.from([0x01, 0x02, 0x00, 0x00]), Buffer.from(text)]));
}

function eaForm(over: Partial<Record<string, string | boolean>> = {}) {
  return {
    name: "Trend Rider",
    developer: "FX Labs",
    description: "Follows the trend on H1.",
    category: "trend",
    accountType: "regular",
    active: true,
    ...over,
  } as {
    name: string;
    developer: string;
    description: string;
    category: string;
    accountType: string;
    active: boolean;
  };
}

async function createEa(over: Partial<Record<string, string | boolean>> = {}, content = "v1") {
  return suite.admin.eas.create({
    ea: eaForm(over),
    file: { version: "1.0", fileName: "TrendRider.ex4", bytes: ex4(content) },
  });
}

describe(`EA admin on ${testEngine}`, () => {
  it("creates an EA with its first file and refuses bad input field by field", async () => {
    const file = { version: "1.0", fileName: "a.ex4", bytes: ex4("x") };
    expect(await outcome(suite.admin.eas.create({ ea: eaForm({ name: " " }), file }))).toBe(
      "ea.name:required",
    );
    expect(
      await outcome(suite.admin.eas.create({ ea: eaForm({ category: "scalping" }), file })),
    ).toBe("ea.category:required");
    expect(
      await outcome(suite.admin.eas.create({ ea: eaForm(), file: { ...file, version: "1 0" } })),
    ).toBe("file.version:eaVersion");
    expect(
      await outcome(suite.admin.eas.create({ ea: eaForm(), file: { ...file, fileName: "a.exe" } })),
    ).toBe("file:eaFileType");
    // A Windows program renamed to .ex4, a zip that is not one, a web page, an empty file.
    const mz = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03]);
    expect(
      await outcome(suite.admin.eas.create({ ea: eaForm(), file: { ...file, bytes: mz } })),
    ).toBe("file:eaFileInvalid");
    expect(
      await outcome(
        suite.admin.eas.create({
          ea: eaForm(),
          file: { ...file, fileName: "a.zip", bytes: ex4("x") },
        }),
      ),
    ).toBe("file:eaFileInvalid");
    const html = new Uint8Array(Buffer.from("  <html><script>alert(1)</script>"));
    expect(
      await outcome(suite.admin.eas.create({ ea: eaForm(), file: { ...file, bytes: html } })),
    ).toBe("file:eaFileInvalid");
    expect(
      await outcome(
        suite.admin.eas.create({ ea: eaForm(), file: { ...file, bytes: new Uint8Array() } }),
      ),
    ).toBe("file:eaFileEmpty");

    const { id } = await createEa({ name: "Rider" });
    const got = await suite.admin.eas.adminGet({ id });
    expect(got).toMatchObject({
      name: "Rider",
      category: "trend",
      accountType: "regular",
      active: true,
    });
    expect(got.versions).toHaveLength(1);
    expect(got.versions[0]).toMatchObject({ version: "1.0", fileName: "TrendRider.ex4", size: 6 });
    expect(got.versions[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("uploads new versions (each label once) and edits the EA, audited", async () => {
    const { id } = await createEa();
    await suite.admin.eas.uploadVersion({
      id,
      file: { version: "1.1", fileName: "../../etc/Trend Rider v1.1.ex4", bytes: ex4("v1.1") },
    });
    expect(
      await outcome(
        suite.admin.eas.uploadVersion({
          id,
          file: { version: "1.1", fileName: "x.ex4", bytes: ex4("again") },
        }),
      ),
    ).toBe("version:eaVersionTaken");
    const got = await suite.admin.eas.adminGet({ id });
    expect(got.versions.map((v) => v.version)).toEqual(["1.1", "1.0"]);
    // The saved name has no path and no spaces.
    expect(got.versions[0]!.fileName).toBe("Trend_Rider_v1.1.ex4");
    const download = await suite.admin.eas.adminDownload({ id });
    expect(Buffer.from(download.bytes).toString("latin1")).toContain("v1.1");
    const old = await suite.admin.eas.adminDownload({ id, fileId: got.versions[1]!.id });
    expect(Buffer.from(old.bytes).toString("latin1")).toContain("v1");

    await suite.admin.eas.update({
      id,
      ea: eaForm({ name: "Trend Rider 2", category: "cashback" }),
    });
    expect((await suite.admin.eas.adminGet({ id })).name).toBe("Trend Rider 2");
    const audit = await auditsOf(t.db, id);
    // Sorted: two writes in one millisecond have no order.
    expect(audit.map((a) => a.action).sort()).toEqual(["ea.create", "ea.update", "ea.version"]);
  });
});

describe(`EA for members on ${testEngine}`, () => {
  it("lists active EAs, filtered by category", async () => {
    const m = await member();
    const trend = await createEa({ name: "T", category: "trend" });
    const cash = await createEa({ name: "C", category: "cashback" });
    const hidden = await createEa({ name: "H", active: false });
    const all = (await m.caller.eas.list({ size: 100 })).rows.map((r) => r.id);
    expect(all).toEqual(expect.arrayContaining([trend.id, cash.id]));
    expect(all).not.toContain(hidden.id);
    const onlyCash = (await m.caller.eas.list({ category: "cashback", size: 100 })).rows;
    expect(onlyCash.every((r) => r.category === "cashback")).toBe(true);
    expect(onlyCash.map((r) => r.id)).toContain(cash.id);
    expect(await outcome(m.caller.eas.get({ id: hidden.id }))).toBe("notFound");
  });

  it("a licence is asked for an approved account of the member's own, of the EA's type", async () => {
    const m = await member();
    const other = await member();
    const regular = await account(m.id);
    const pending = await account(m.id, "pending");
    const dedicated = await account(m.id);
    const othersAccount = await account(other.id);
    await suite.admin.eas.setDedicated({ accountId: dedicated, dedicated: true });
    const ea = await createEa({ accountType: "regular" });
    const eaOnly = await createEa({ accountType: "ea_dedicated" });

    const view = await m.caller.eas.get({ id: ea.id });
    expect(view.eligibleAccounts.map((a) => a.id)).toEqual([regular]);
    expect(view.otherTypeAccounts).toBe(1);
    expect((await m.caller.eas.get({ id: eaOnly.id })).eligibleAccounts.map((a) => a.id)).toEqual([
      dedicated,
    ]);

    const ask = (eaId: string, accountId: string) =>
      outcome(m.caller.eas.requestLicense({ eaId, accountId }));
    expect(await ask(ea.id, pending)).toBe("accountId:eaAccountNotEligible");
    expect(await ask(ea.id, othersAccount)).toBe("accountId:eaAccountNotEligible");
    expect(await ask(ea.id, dedicated)).toBe("accountId:eaNeedsRegular");
    expect(await ask(eaOnly.id, regular)).toBe("accountId:eaNeedsDedicated");
    expect(await ask(ea.id, regular)).toBe("ok");
    expect(await ask(ea.id, regular)).toBe("eaLicenseExists");
    expect(await ask(eaOnly.id, dedicated)).toBe("ok");
    // Now that the account holds a live licence, it is no longer offered.
    expect((await m.caller.eas.get({ id: ea.id })).eligibleAccounts).toEqual([]);
  });

  it("two requests at once for the same EA and account make one licence", async () => {
    const m = await member();
    const acc = await account(m.id);
    const ea = await createEa();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        outcome(m.caller.eas.requestLicense({ eaId: ea.id, accountId: acc })),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r !== "ok").every((r) => r === "eaLicenseExists")).toBe(true);
  });

  it("only an active licence of the member's own opens the download", async () => {
    const m = await member();
    const other = await member();
    const acc = await account(m.id);
    const ea = await createEa({}, "payload-v1");
    const { id } = await m.caller.eas.requestLicense({ eaId: ea.id, accountId: acc });

    expect(await outcome(m.caller.eas.download({ id: ea.id }))).toBe("eaLicenseRequired");
    const mine = await m.caller.eas.myLicenses({});
    expect(mine.rows.map((r) => [r.status, r.licenseKey, r.canDownload])).toEqual([
      ["pending", null, false],
    ]);

    const issued = await suite.admin.eas.issue({ id });
    expect(issued.licenseKey).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    expect(await outcome(suite.admin.eas.issue({ id }))).toBe("notPending");
    const file = await m.caller.eas.download({ id: ea.id });
    expect(Buffer.from(file.bytes).toString("latin1")).toContain("payload-v1");
    expect(file.fileName).toBe("TrendRider.ex4");
    const listed = (await m.caller.eas.myLicenses({})).rows[0]!;
    expect(listed).toMatchObject({
      status: "active",
      licenseKey: issued.licenseKey,
      canDownload: true,
    });
    expect(listed.account.accountNumber).toMatch(/^\d+$/);

    // Another member: no licence, no file; nor do they see this member's licence.
    expect(await outcome(other.caller.eas.download({ id: ea.id }))).toBe("eaLicenseRequired");
    expect((await other.caller.eas.myLicenses({})).rows).toEqual([]);

    // A new version reaches the licensed member at once.
    await suite.admin.eas.uploadVersion({
      id: ea.id,
      file: { version: "2.0", fileName: "TrendRider.ex4", bytes: ex4("payload-v2") },
    });
    expect(
      Buffer.from((await m.caller.eas.download({ id: ea.id })).bytes).toString("latin1"),
    ).toContain("payload-v2");

    await suite.admin.eas.revoke({ id, reason: "Terms breached" });
    expect(await outcome(m.caller.eas.download({ id: ea.id }))).toBe("eaLicenseRequired");
    expect(await outcome(suite.admin.eas.revoke({ id, reason: "again" }))).toBe(
      "eaLicenseNotActive",
    );
    const revoked = (await m.caller.eas.myLicenses({})).rows[0]!;
    expect(revoked).toMatchObject({
      status: "revoked",
      licenseKey: null,
      reason: "Terms breached",
    });
    // A revoked licence frees the account for a new request.
    expect(await outcome(m.caller.eas.requestLicense({ eaId: ea.id, accountId: acc }))).toBe("ok");
  });

  it("a licence stops downloading when its account is no longer approved or the EA is withdrawn", async () => {
    const m = await member();
    const acc = await account(m.id);
    const ea = await createEa();
    const { id } = await m.caller.eas.requestLicense({ eaId: ea.id, accountId: acc });
    await suite.admin.eas.issue({ id });
    expect(await outcome(m.caller.eas.download({ id: ea.id }))).toBe("ok");
    await t.db.kysely
      .updateTable("broker_accounts")
      .set({ status: "denied", live_number: null })
      .where("id", "=", acc)
      .execute();
    expect(await outcome(m.caller.eas.download({ id: ea.id }))).toBe("eaLicenseRequired");
    await t.db.kysely
      .updateTable("broker_accounts")
      .set({ status: "approved" })
      .where("id", "=", acc)
      .execute();
    await suite.admin.eas.update({ id: ea.id, ea: eaForm({ active: false }) });
    expect(await outcome(m.caller.eas.download({ id: ea.id }))).toBe("notFound");
  });

  it("an admin rejects a request (with a reason), and re-checks the account when issuing", async () => {
    const m = await member();
    const acc = await account(m.id);
    const acc2 = await account(m.id);
    const ea = await createEa();
    const first = await m.caller.eas.requestLicense({ eaId: ea.id, accountId: acc });
    expect(await outcome(suite.admin.eas.reject({ id: first.id, reason: " " }))).toBe(
      "reason:required",
    );
    await suite.admin.eas.reject({ id: first.id, reason: "Account not eligible" });
    expect(await outcome(suite.admin.eas.issue({ id: first.id }))).toBe("notPending");
    const mine = await m.caller.eas.myLicenses({ status: "rejected" });
    expect(mine.rows.map((r) => r.reason)).toEqual(["Account not eligible"]);

    const second = await m.caller.eas.requestLicense({ eaId: ea.id, accountId: acc2 });
    // The account was denied meanwhile: issuing is refused.
    await t.db.kysely
      .updateTable("broker_accounts")
      .set({ status: "denied", live_number: null })
      .where("id", "=", acc2)
      .execute();
    expect(await outcome(suite.admin.eas.issue({ id: second.id }))).toBe(
      "eaAccountNoLongerEligible",
    );
  });

  it("an admin issues a licence directly for a member's account of the right type", async () => {
    const m = await member();
    const acc = await account(m.id);
    const ea = await createEa({ accountType: "ea_dedicated" });
    const accounts = await suite.admin.eas.memberAccounts({ member: m.email.toUpperCase() });
    expect(accounts.accounts.map((a) => [a.id, a.accountType])).toEqual([[acc, "regular"]]);
    expect(await outcome(suite.admin.eas.memberAccounts({ member: "nobody@example.test" }))).toBe(
      "member:eaMemberNotFound",
    );
    expect(
      await outcome(suite.admin.eas.issueFor({ eaId: ea.id, member: m.email, accountId: acc })),
    ).toBe("accountId:eaNeedsDedicated");
    await suite.admin.eas.setDedicated({ accountId: acc, dedicated: true });
    const issued = await suite.admin.eas.issueFor({ eaId: ea.id, member: m.id, accountId: acc });
    expect(issued.licenseKey).toHaveLength(23);
    expect(
      await outcome(suite.admin.eas.issueFor({ eaId: ea.id, member: m.email, accountId: acc })),
    ).toBe("eaLicenseExists");
    // The account's type cannot change under its live licence, nor the EA's type.
    expect(await outcome(suite.admin.eas.setDedicated({ accountId: acc, dedicated: false }))).toBe(
      "eaAccountTypeInUse",
    );
    expect(
      await outcome(suite.admin.eas.update({ id: ea.id, ea: eaForm({ accountType: "regular" }) })),
    ).toBe("accountType:eaTypeLocked");
    const list = await suite.admin.eas.licenses({ eaId: ea.id });
    expect(list.rows.map((r) => [r.member.email, r.status])).toEqual([[m.email, "active"]]);
    expect((await suite.admin.eas.licenses({ member: issued.licenseKey })).total).toBe(1);
    const designated = await suite.admin.eas.dedicatedAccounts({
      type: "ea_dedicated",
      q: m.email,
    });
    expect(designated.rows.map((r) => r.id)).toEqual([acc]);
  });
});
