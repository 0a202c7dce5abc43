import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DIR = path.resolve(import.meta.dirname, "../../docs/monitoring");
const rules = readFileSync(path.join(DIR, "prometheus-alerts.yml"), "utf8");
const runbook = readFileSync(path.join(DIR, "runbook.md"), "utf8");

/** GitHub's anchor for a heading made of letters and digits: lower case. */
const anchor = (heading: string) => heading.toLowerCase();

describe("the alert rules' runbook", () => {
  const alerts = [...rules.matchAll(/^ {6}- alert: (\w+)$/gm)].map((m) => m[1]!);
  const sections = [...runbook.matchAll(/^## (\w+)$/gm)].map((m) => m[1]!);

  it("has one section per alert, in the rules' order, and no other", () => {
    expect(alerts.length).toBeGreaterThan(5);
    expect(sections).toEqual(alerts);
  });

  it("is linked from every rule, to that rule's own section", () => {
    const blocks = rules.split(/^ {6}- alert: /m).slice(1);
    expect(blocks).toHaveLength(alerts.length);
    for (const block of blocks) {
      const name = /^\w+/.exec(block)![0];
      expect(block, name).toContain(`runbook_url: "docs/monitoring/runbook.md#${anchor(name)}"`);
    }
  });

  it("says for each alert what it means and its severity, as the rule labels it", () => {
    const blocks = runbook.split(/^## /m).slice(1);
    for (const block of blocks) {
      const name = /^\w+/.exec(block)![0];
      const severity = new RegExp(`- alert: ${name}\\n[\\s\\S]*?severity: (\\w+)`).exec(rules)?.[1];
      expect(block, name).toContain("**Means:**");
      expect(block, name).toContain(`*Severity: ${severity}.*`);
    }
  });
});
