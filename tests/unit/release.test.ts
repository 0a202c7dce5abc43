import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeBuild } from "../../scripts/build-version.mjs";
import { RELEASE, VERSION } from "#server/version";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const pkg = JSON.parse(read("package.json")) as { version: string; engines: { node: string } };
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

describe("the release", () => {
  it("has a semantic version, the one the server reports", () => {
    expect(pkg.version).toMatch(SEMVER);
    expect(RELEASE).toBe(pkg.version);
    // The release itself on its tagged commit, with the commit as build metadata elsewhere.
    expect(VERSION).toMatch(
      new RegExp(`^${pkg.version.replace(/\./g, "\\.")}(\\+[0-9a-f]{7}|\\+unknown)?$`),
    );
  });

  it("names a build between releases by its commit, a tagged one by the release alone", () => {
    const commit = "0123456789abcdef0123456789abcdef01234567";
    const between = describeBuild("1.2.3", {
      env: { PORTAL_REVISION: commit, PORTAL_RELEASED: "false" },
    });
    expect(between).toEqual({ version: "1.2.3+0123456", commit, released: false });
    const tagged = describeBuild("1.2.3", {
      env: { PORTAL_REVISION: commit, PORTAL_RELEASED: "true" },
    });
    expect(tagged.version).toBe("1.2.3");
    // Neither git nor the image's build arguments: said, not guessed.
    const unknown = describeBuild("1.2.3", { env: {}, cwd: "/" });
    expect(unknown.version).toBe("1.2.3+unknown");
  });

  it("has a CHANGELOG entry, the newest one", () => {
    const first = /^## (\S+) — (\d{4}-\d{2}-\d{2})$/m.exec(read("CHANGELOG.md"));
    expect(first?.[1]).toBe(pkg.version);
  });

  it("labels the image with the same version", () => {
    expect(read("Dockerfile")).toMatch(
      new RegExp(`^ARG VERSION=${pkg.version.replace(/\./g, "\\.")}$`, "m"),
    );
    expect(read("Dockerfile")).toContain('org.opencontainers.image.version="${VERSION}"');
  });

  it("names one Node everywhere: the image, .nvmrc, README, engines", () => {
    const nvmrc = read(".nvmrc").trim();
    // A major line, not a minor: a minor pin stops below the line's next security release.
    expect(nvmrc).toMatch(/^\d+$/);
    expect(read("Dockerfile")).toMatch(
      new RegExp(`^ARG NODE_IMAGE=node:${nvmrc}-bookworm-slim$`, "m"),
    );
    expect(read("README.md")).toContain(`Node ${nvmrc}`);
    expect(pkg.engines.node).toBe(">=22.12");
  });
});
