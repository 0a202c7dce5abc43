/** The previous release: which it is (CHANGELOG.md) and its build, cached by commit. */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { CACHE, DIR, ROOT, run, say } from "./common";

export interface Release {
  version: string;
  commit: string;
  /** Where the commit came from: the tag v<version>, or the CHANGELOG's "Commit:" line. */
  from: string;
}

function git(args: string[]): string {
  const out = spawnSync("git", args, { cwd: ROOT, encoding: "utf8" });
  return out.status === 0 ? out.stdout.trim() : "";
}

/**
 * The release before this build: the newest CHANGELOG.md release whose commit is not this
 * checkout's HEAD (so on a release's own commit it is the one before, and between releases the
 * last one, even with package.json already at its version). Its commit is the tag v<version>
 * when this clone has it, else the commit the entry records (CI may clone without tags).
 */
export function previousRelease(changelog: string, head: string): Release {
  const entries = changelog.split(/^## /m).slice(1);
  for (const entry of entries) {
    const version = entry.split(/\s/)[0] ?? "";
    if (!/^\d+\.\d+\.\d+/.test(version)) continue;
    const tagged = git(["rev-parse", "-q", "--verify", `refs/tags/v${version}^{commit}`]);
    const recorded = /^Commit: ([0-9a-f]{40})$/m.exec(entry)?.[1];
    const commit = tagged || recorded;
    if (!commit || commit === head) continue;
    return { version, commit, from: tagged ? `tag v${version}` : "CHANGELOG.md" };
  }
  throw new Error(
    "CHANGELOG.md names no release before this commit (neither a v<version> tag nor a Commit: line)",
  );
}

/** Whether this clone holds the commit (a shallow clone may not). */
export function hasCommit(commit: string): boolean {
  return git(["cat-file", "-t", commit]) === "commit";
}

/** Builds older than 1.0.0 lack the start-up check: they refuse a newer schema when migrating. */
export function tolerates(version: string): boolean {
  return Number(version.split(".")[0]) >= 1;
}

interface LockedPackage {
  version?: string;
  integrity?: string;
  hasInstallScript?: boolean;
}

function lockedPackages(dir: string): Record<string, LockedPackage> {
  const lock = JSON.parse(readFileSync(path.join(dir, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockedPackage>;
  };
  return lock.packages;
}

/** The lockfile's packages (path, version, integrity) and the patches: what node_modules holds. */
function dependencyKey(dir: string): string {
  const packages = Object.entries(lockedPackages(dir))
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
  // Per Node ABI: the native module in a build made on another Node line does not load.
  // "-named": built knowing its commit (earlier caches called themselves <version>+unknown).
  const folder = path.join(CACHE, `${release.commit}-abi${process.versions.modules}-named`);
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
    await installPackages(scratch, log);
  }
  // The archive has no .git: the build is told its commit, which the release's tag points at, as
  // the image's build stage is.
  await run("npm run build", "npm", ["run", "build"], {
    cwd: scratch,
    seconds: 600,
    log,
    env: { ...process.env, PORTAL_REVISION: release.commit, PORTAL_RELEASED: "true" },
  });
  writeFileSync(path.join(scratch, ".built"), `${release.version} ${release.commit}\n`);
  rmSync(folder, { recursive: true, force: true });
  renameSync(scratch, folder);
  return folder;
}

/** Compiled files of a native package: the same package, built on the same Node, is the same. */
const NATIVE_BUILDS: Record<string, string> = {
  "node_modules/better-sqlite3": "build/Release/better_sqlite3.node",
};

/**
 * The release's own lockfile installed without install scripts, which then run here, except
 * where a native package is the very one this checkout has compiled: its binary is copied
 * instead of compiled again (better-sqlite3: 68 of npm ci's 105 s on 2 cores). Last, the
 * release's own postinstall (its patches).
 */
async function installPackages(scratch: string, log: string) {
  await run(
    "npm ci --ignore-scripts (its lockfile)",
    "npm",
    ["ci", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"],
    { cwd: scratch, seconds: 1200, log },
  );
  const mine = lockedPackages(ROOT);
  const rebuild = new Set<string>();
  for (const [key, locked] of Object.entries(lockedPackages(scratch))) {
    if (key === "" || !locked.hasInstallScript) continue;
    const binary = NATIVE_BUILDS[key];
    const same = mine[key]?.version === locked.version && mine[key]?.integrity === locked.integrity;
    if (binary && same && existsSync(path.join(ROOT, key, binary))) {
      mkdirSync(path.dirname(path.join(scratch, key, binary)), { recursive: true });
      copyFileSync(path.join(ROOT, key, binary), path.join(scratch, key, binary));
      say(`${key}: the same package as this checkout's, its compiled ${binary} copied`);
    } else {
      rebuild.add(key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length));
    }
  }
  if (rebuild.size) {
    await run(`npm rebuild ${[...rebuild].join(" ")}`, "npm", ["rebuild", ...rebuild], {
      cwd: scratch,
      seconds: 900,
      log,
    });
  }
  await run("npm run postinstall --if-present", "npm", ["run", "postinstall", "--if-present"], {
    cwd: scratch,
    seconds: 300,
    log,
  });
}
