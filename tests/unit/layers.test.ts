import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** The rule messages ESLint gives a made-up file at that path. */
async function ruleIds(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe("layers", () => {
  it("server/, bot/ and db/ may not import app/", async () => {
    const code = 'import { toLanguage } from "../../app/i18n";\nexport const x = toLanguage;\n';
    expect(await ruleIds("server/lib/probe.ts", code)).toContain("no-restricted-imports");
    expect(await ruleIds("bot/probe.ts", code.replace("../../", "../"))).toContain(
      "no-restricted-imports",
    );
    expect(await ruleIds("db/probe.ts", code.replace("../../", "../"))).toContain(
      "no-restricted-imports",
    );
  });

  it("server/domain is where shared code goes, and app/ may import it", async () => {
    const code =
      'import { toLanguage } from "../server/domain/language";\nexport const x = toLanguage;\n';
    expect(await ruleIds("app/probe.ts", code)).toEqual([]);
  });
});
