import { describe, expect, it } from "vitest";
import { refusedExportPage } from "#app/lib/csv.server";
import { pagePermission, settingsEntry } from "#domain/admin-access";

describe("a refused CSV download goes back to its list page", () => {
  it("keeps the page's filters and marks the refusal for the admin layout's 403", () => {
    expect(refusedExportPage("http://x.test/admin/setting/audit/export?action=team.invite")).toBe(
      "/admin/setting/audit?action=team.invite&exportRefused=1",
    );
    expect(refusedExportPage("http://x.test/admin/customer/export")).toBe(
      "/admin/customer?exportRefused=1",
    );
  });

  it("the audit tab is the audit permission's, not the settings'", () => {
    expect(pagePermission("/admin/setting/audit")).toBe("audit");
    expect(settingsEntry({ audit: "view" })).toBe("/admin/setting/audit");
  });
});
