// What a build calls itself. A release build (its commit tagged v<version>) is the bare version;
// any other build is <version>+<short commit>, so a build between releases, or one with an
// unreleased migration, never passes for the release before it. Used by the server bundle
// (scripts/build-server.mjs writes the answer into it), by the unbundled server in development,
// and by scripts/image-args.mjs for the image's tag and labels.
//
// Where git is absent (the image's build stage: .git is not in its context) the build arguments
// say it instead: PORTAL_REVISION (the full commit) and PORTAL_RELEASED (true on the tagged
// commit).
import { execFileSync } from "node:child_process";

/** @param {string[]} args @param {string} cwd */
function git(args, cwd) {
  try {
    return execFileSync("git", args, {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "";
  }
}

/**
 * @param {string} release package.json's version
 * @param {{ env?: Record<string, string | undefined>, cwd?: string }} [options]
 * @returns {{ version: string, commit: string, released: boolean }}
 */
export function describeBuild(release, options = {}) {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const given = (env.PORTAL_REVISION ?? "").trim();
  const commit = /^[0-9a-f]{7,40}$/.test(given) ? given : git(["rev-parse", "HEAD"], cwd);
  let released;
  if (env.PORTAL_RELEASED === "true" || env.PORTAL_RELEASED === "false") {
    released = env.PORTAL_RELEASED === "true";
  } else {
    released =
      commit !== "" && git(["tag", "--points-at", commit], cwd).split("\n").includes(`v${release}`);
  }
  const version = released ? release : `${release}+${commit ? commit.slice(0, 7) : "unknown"}`;
  return { version, commit, released };
}
