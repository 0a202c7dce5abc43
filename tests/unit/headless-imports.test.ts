import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../helpers/source-files";

/*
 * Headless UI's index re-exports every component, and the Remix compiler then puts every
 * component any page uses into one chunk the root loads (the payout form's combobox reached
 * the dashboard: decision 026). app/ takes its components from app/components/ui/headless/,
 * one module per component group.
 */
const app = path.resolve(import.meta.dirname, "../../app");

const files = (dir: string) => filesUnder(dir);

describe("Headless UI imports", () => {
  it("never go through the package's index", () => {
    const offenders = files(app).filter((file) =>
      /from\s+["']@headlessui\/react["']/.test(readFileSync(file, "utf8")),
    );
    expect(offenders.map((file) => path.relative(app, file))).toEqual([]);
  });

  it("keep the combobox out of the module the dialogs come from", () => {
    const dialog = readFileSync(path.join(app, "components/ui/headless/dialog.ts"), "utf8");
    expect(dialog).not.toMatch(/from\s+"[^"]*combobox/);
  });

  it("stay out of every page's shell (decision 031)", () => {
    const shell = files(path.join(app, "components/shell")).filter((file) =>
      /components\/ui\/headless|@headlessui/.test(readFileSync(file, "utf8")),
    );
    expect(shell.map((file) => path.relative(app, file))).toEqual([]);
  });
});
