import { describe, expect, it } from "vitest";
import { parseForm } from "#app/lib/forms.server";
import { bannerForm } from "#domain/affiliate";
import { decideAccountsInput } from "#domain/broker-account";
import { publishForm } from "#domain/legal";
import { withdrawalDecisionForm } from "#domain/withdrawal-decision";
import { requesterInput } from "#domain/zengin";

/** Admin forms as their actions read them: the procedures' own schemas. */

function post(fields: [string, string][]) {
  return new Request("http://portal.test/admin", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

describe("the withdrawal queue's form", () => {
  it("reads one ticked request, or several, as the list of ids", async () => {
    const one = await parseForm(
      post([
        ["intent", "bulkComplete"],
        ["ids", "a"],
      ]),
      withdrawalDecisionForm,
    );
    expect(one).toMatchObject({ ok: true, value: { intent: "bulkComplete", ids: ["a"] } });
    const two = await parseForm(
      post([
        ["intent", "markSent"],
        ["ids", "a"],
        ["ids", ""],
        ["ids", "b"],
      ]),
      withdrawalDecisionForm,
    );
    expect(two).toMatchObject({ ok: true, value: { intent: "markSent", ids: ["a", "b"] } });
  });

  it("nothing ticked is the field error the page shows as 'none selected'", async () => {
    const parsed = await parseForm(post([["intent", "bulkComplete"]]), withdrawalDecisionForm);
    if (parsed.ok) throw new Error("expected a refusal");
    expect(parsed.response.status).toBe(400);
    expect((await parsed.response.json()).error.fieldErrors).toEqual({ ids: "none" });
  });

  it("a rejection needs its reason; the English is optional", async () => {
    const parsed = await parseForm(
      post([
        ["intent", "reject"],
        ["id", "w1"],
        ["reason", " "],
      ]),
      withdrawalDecisionForm,
    );
    if (parsed.ok) throw new Error("expected a refusal");
    expect((await parsed.response.json()).error.fieldErrors).toEqual({ reason: "required" });
  });
});

describe("the account list's decision form", () => {
  const id = "01hzy3j6a8b7c9d0e1f2g3h4jk";

  it("reads one ticked account as the list; a denial needs its reason", async () => {
    const approve = await parseForm(
      post([
        ["ids", id],
        ["decision", "approve"],
      ]),
      decideAccountsInput,
    );
    expect(approve).toMatchObject({ ok: true, value: { ids: [id], decision: "approve" } });
    const deny = await parseForm(
      post([
        ["ids", id],
        ["decision", "deny"],
        ["reason", " "],
      ]),
      decideAccountsInput,
    );
    if (deny.ok) throw new Error("expected a refusal");
    expect((await deny.response.json()).error.fieldErrors).toEqual({ reason: "required" });
  });

  it("nothing ticked asks to select accounts", async () => {
    const parsed = await parseForm(post([["decision", "approve"]]), decideAccountsInput);
    if (parsed.ok) throw new Error("expected a refusal");
    expect((await parsed.response.json()).error.fieldErrors).toEqual({ ids: "selectAccounts" });
  });
});

describe("the banner form", () => {
  it("reads the switch as a checkbox: 'on' is active, left out is not", async () => {
    const fields: [string, string][] = [
      ["intent", "update"],
      ["id", "b1"],
      ["title", "Spring"],
      ["alt", "Spring banner"],
      ["displayOrder", "2"],
    ];
    const on = await parseForm(post([...fields, ["active", "on"]]), bannerForm);
    expect(on).toMatchObject({ ok: true, value: { id: "b1", active: true, displayOrder: 2 } });
    const off = await parseForm(post(fields), bannerForm);
    expect(off).toMatchObject({ ok: true, value: { active: false } });
  });

  it("refuses a blank title and an order that is not a number, field by field", async () => {
    const parsed = await parseForm(
      post([
        ["intent", "create"],
        ["title", ""],
        ["alt", "x"],
        ["displayOrder", "x"],
      ]),
      bannerForm,
    );
    if (parsed.ok) throw new Error("expected a refusal");
    expect((await parsed.response.json()).error.fieldErrors).toEqual({
      title: "required",
      displayOrder: "displayOrder",
    });
  });
});

describe("the Zengin requester form", () => {
  const requester: [string, string][] = [
    ["requesterCode", "0123456789"],
    ["requesterName", "ｶ)ﾃｽﾄ"],
    ["bankCode", "0001"],
    ["bankName", "ﾐｽﾞﾎ"],
    ["branchCode", "001"],
    ["branchName", "ﾎﾝﾃﾝ"],
    ["accountType", "savings"],
    ["accountNumber", "1234567"],
    ["leadBusinessDays", "1"],
  ];

  it("gives the requester with its lead days as a number", async () => {
    const parsed = await parseForm(post(requester), requesterInput);
    expect(parsed).toMatchObject({ ok: true, value: { leadBusinessDays: 1, bankCode: "0001" } });
  });

  it("refuses a name banks cannot read and a code of the wrong length, field by field", async () => {
    const typed = new Map(requester);
    typed.set("requesterName", "株式会社");
    typed.set("bankCode", "01");
    typed.set("leadBusinessDays", "9");
    const parsed = await parseForm(post([...typed]), requesterInput);
    if (parsed.ok) throw new Error("expected a refusal");
    expect((await parsed.response.json()).error.fieldErrors).toEqual({
      requesterName: "zenginKana",
      bankCode: "digits4",
      leadBusinessDays: "leadDays",
    });
  });
});

describe("the legal document editor's form", () => {
  it("asking members to agree again needs a summary, and only the agreed documents may", async () => {
    const terms = await parseForm(
      post([
        ["body", "# Terms"],
        ["reconsent", "on"],
      ]),
      publishForm("terms"),
    );
    if (terms.ok) throw new Error("expected a refusal");
    expect((await terms.response.json()).error.fieldErrors).toEqual({
      summary: "legalSummaryRequired",
    });
    const company = await parseForm(
      post([
        ["body", "# Company"],
        ["summary", "New address"],
        ["reconsent", "on"],
      ]),
      publishForm("company"),
    );
    if (company.ok) throw new Error("expected a refusal");
    expect((await company.response.json()).error.fieldErrors).toEqual({
      reconsent: "legalNotAgreed",
    });
  });

  it("an unticked box publishes without asking; the texts' line breaks are LF", async () => {
    const parsed = await parseForm(post([["body", "a\r\nb"]]), publishForm("terms"));
    expect(parsed).toMatchObject({
      ok: true,
      value: { body: "a\nb", bodyEn: null, summary: null, reconsent: false },
    });
  });
});
