import { describe, expect, it } from "vitest";
import en from "../../locales/en/admin.json";
import ja from "../../locales/ja/admin.json";
import { AUDIT_ACTIONS, isAuditAction } from "#domain/audit-actions";

const labels = { en: en.audit.actions, ja: ja.audit.actions } as Record<
  "en" | "ja",
  Record<string, string>
>;

describe("audit actions", () => {
  it("are each named once", () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });

  it.each(["en", "ja"] as const)("each have a label in %s, and no label names another", (lng) => {
    const missing = AUDIT_ACTIONS.filter((a) => !labels[lng][a]?.trim());
    expect(missing).toEqual([]);
    expect(Object.keys(labels[lng]).filter((k) => !isAuditAction(k))).toEqual([]);
  });

  it("tell a listed action from a stored code the list no longer names", () => {
    expect(isAuditAction("auth.signIn")).toBe(true);
    expect(isAuditAction("auth.signin")).toBe(false);
    expect(isAuditAction("")).toBe(false);
  });
});
