/** The previous release: which it is (CHANGELOG.md) and its build, cached by commit. */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { CACHE, DIR, ROOT, run, say } from "./common";

interface Release {
  version: string;
  commit: string;
}

/** The newest CHANGELOG.md entry below this version that names its commit. */
export function previousRelease(changelog: string, current: string): Release {
  const entries = changelog.split(/^## /m).slice(1);
  for (const entry of entries) {
    const version = entry.split(/\s/)[0] ?? "";
    const commit = /^Commit: ([0-9a-f]{40})$/m.exec(entry)?.[1];
    if (version !== current && commit) return { version, commit };
  }
  throw new Error("CHANGELOG.md names no older release with a commit");
}

/** Builds older than 1.0.0 lack the start-up check: they refuse a newer schema when migrating. */
export function tolerates(version: string): boolean {
  return Number(version.split(".")[0]) >= 1;
}

/** The lockfile's packages (path, version, integrity) and the patches: what node_modules holds. */
function dependencyKey(dir: string): string {
  const lock = JSON.parse(readFileSync(path.join(dir, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string; integrity?: string }>;
  };
  const packages = Object.entries(lock.packages)
    .filter(([key]) => key !== "")
    .map(([key, p]) => `${key}@${p.version ?? ""}#${p.integrity ?? ""}`)
    .sort();
  const patches = existsSync(path.join(dir, "patches"))
    ? readdirSync(path.join(dir, "patches"))
        .sort()
        .map((f) => readFileSync(path.join(dir, "patches", f), "utf8"))
    : [];
  return JSON.stringify([packages, patches]);
}

/**
 * The release's build in CACHE/<commit>, made once: the sources from git, the packages of its
 * lockfile, `npm run build`. When its lockfile and patches resolve exactly the packages this
 * checkout has installed, those are copied as hard links instead of installed again (npm ci
 * replaces files rather than writing into them, so the copy keeps its content).
 */
export async function buildRelease(release: Release): Promise<string> {
  const folder = path.join(CACHE, release.commit);
  if (existsSync(path.join(folder, ".built"))) {
    say(`${release.version} (${release.commit.slice(0, 7)}): cached build in ${folder}`);
    return folder;
  }
  const scratch = `${folder}.partial-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const log = path.join(DIR, "previous-build.log");
  await run(
    `git archive ${release.commit.slice(0, 7)}`,
    "sh",
    ["-c", `git -C "${ROOT}" archive --format=tar ${release.commit} | tar -x -C "${scratch}"`],
    { cwd: ROOT, seconds: 120, log },
  );
  if (
    dependencyKey(scratch) === dependencyKey(ROOT) &&
    existsSync(path.join(ROOT, "node_modules"))
  ) {
    await run(
      "the same packages: node_modules copied as hard links",
      "cp",
      ["-al", path.join(ROOT, "node_modules"), path.join(scratch, "node_modules")],
      { cwd: ROOT, seconds: 300, log },
    );
  } else {
    await run(
      "npm ci (its lockfile)",
      "npm",
      ["ci", "--prefer-offline", "--no-audit", "--no-fund"],
      {
        cwd: scratch,
        seconds: 1200,
        log,
      },
    );
  }
  await run("npm run build", "npm", ["run", "build"], { cwd: scratch, seconds: 600, log });
  writeFileSync(path.join(scratch, ".built"), `${release.version} ${release.commit}\n`);
  rmSync(folder, { recursive: true, force: true });
  renameSync(scratch, folder);
  return folder;
}
