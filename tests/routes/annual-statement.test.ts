import { describe, expect, it } from "vitest";
import { fileDatabase } from "../helpers/file-db";
import { createUser } from "../helpers/fixtures";
import { fund } from "../helpers/money";
import { routeClient } from "../helpers/routes";

/**
 * The member's annual statement as the server answers it: a year that is not one, or one
 * before the account, leads to a year the member has; the PDF is a PDF and the CSV says the
 * year's income and closing balance, to the yen.
 */

const t = fileDatabase({ ledgerMustBalance: true });
const routes = routeClient(() => t.db);

describe("annual statement", () => {
  it("sends a year that is not one, or one before the account, to this year", async () => {
    const member = await createUser(t.db);
    const year = new Date().getFullYear();
    for (const asked of ["abc", String(year - 1)]) {
      const answer = await routes.get(`/users/statement/annual?year=${asked}`, { as: member });
      expect(answer.status, asked).toBe(302);
      expect(answer.location, asked).toMatch(new RegExp(`[?&]year=${year}$`));
    }
  });

  it("downloads this year as a PDF and as a CSV with the income and the balance today", async () => {
    const member = await createUser(t.db);
    await fund(t.db, member.id, 12_345);
    const year = new Date().getFullYear();

    const pdf = await routes.get(`/users/statement/annual/pdf?year=${year}`, { as: member });
    expect(pdf.status).toBe(200);
    const file = pdf.loaderData["routes/users+/statement_+/annual.pdf"] as Response;
    expect(file.headers.get("Content-Type")).toContain("application/pdf");
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const csv = await routes.get(`/users/statement/annual/export?year=${year}`, { as: member });
    expect(csv.status).toBe(200);
    const sheet = csv.loaderData["routes/users+/statement_+/annual.export"] as Response;
    const text = (await sheet.text()).replace(/^\uFEFF/, "");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" })
      .format(new Date())
      .replace(/-/g, "/");
    expect(text).toContain("受取合計,,12345");
    expect(text).toContain(`残高（${today} 現在）,,12345`);
  });
});
