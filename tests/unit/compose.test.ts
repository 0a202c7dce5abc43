import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * compose.yaml against the Compose Specification's JSON schema (no Docker engine runs in CI):
 * scripts/ci/compose-check.mjs, and that it refuses a file the schema refuses.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const checkCompose = (file: string) =>
  spawnSync(process.execPath, ["scripts/ci/compose-check.mjs", file], {
    cwd: ROOT,
    encoding: "utf8",
  });

describe("compose.yaml", () => {
  it("is valid Compose, every service has a health check and volumes are named", () => {
    const run = checkCompose("compose.yaml");
    expect(run.stdout).toMatch(/compose: \d+ passed, 0 failed/);
    expect(run.status).toBe(0);
  });

  it("is refused with a key the specification does not have, or a host path mounted writable", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "compose-"));
    const file = path.join(dir, "compose.yaml");
    const text = readFileSync(path.join(ROOT, "compose.yaml"), "utf8")
      .replace("    image: mariadb:", "    restartt: always\n    image: mariadb:")
      .replace("- db-data:/var/lib/mysql", "- ./mysql:/var/lib/mysql")
      .replace("./deploy/Caddyfile", `${ROOT}/deploy/Caddyfile`);
    writeFileSync(file, text);
    const run = checkCompose(file);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('"additionalProperty":"restartt"');
    expect(run.stdout).toContain("FAIL service db: ./mysql is a named volume");
  });
});
