// Cuts a release: npm run release -- <version> [--test "<command>"] [--date YYYY-MM-DD]
//
//   1. refuses unless the work tree is clean, <version> is a semantic version above package.json's
//      and not tagged yet, and CHANGELOG.md has an "## Unreleased" entry with something in it;
//   2. runs the suite: the whole CI run (npm run ci) unless --test names another command
//      (run with bash -c; it must exit 0), then checks the tree is still clean;
//   3. sets the version in package.json, package-lock.json and the Dockerfile's ARG VERSION,
//      turns "## Unreleased" into "## <version> — <date>" (UTC today unless --date), commits
//      "Release <version>" and tags that commit v<version> (annotated);
//   4. writes "Commit: <full sha>" under the entry and commits that, so the next release's
//      npm run test:upgrade finds this one on a clone without tags;
//   5. tags each older entry's recorded commit that has no v<version> tag yet.
// Nothing is pushed: it prints the push command.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.-]+)?$/;

function fail(message) {
  console.error(`release refused: ${message}`);
  process.exit(1);
}

function git(...args) {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
}

function tagExists(tag) {
  return (
    spawnSync("git", ["rev-parse", "-q", "--verify", `refs/tags/${tag}`], { cwd: ROOT }).status ===
    0
  );
}

/** Compares two semantic versions' numbers (a pre-release counts below its release). */
function compare(a, b) {
  const pa = SEMVER.exec(a).slice(1, 4).map(Number);
  const pb = SEMVER.exec(b).slice(1, 4).map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return (a.includes("-") ? 0 : 1) - (b.includes("-") ? 0 : 1);
}

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined) fail(`--${name} needs a value`);
  args.splice(i, 2);
  return value;
};
const testCommand = option("test") ?? "npm run ci";
const date = option("date") ?? new Date().toISOString().slice(0, 10);
const version = args[0];
if (!version || args.length !== 1)
  fail('usage: npm run release -- <version> [--test "<command>"] [--date YYYY-MM-DD]');
if (!SEMVER.test(version)) fail(`${version} is not a semantic version (X.Y.Z)`);
if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) fail(`--date ${date} is not YYYY-MM-DD`);

const read = (file) => readFileSync(path.join(ROOT, file), "utf8");
const write = (file, text) => writeFileSync(path.join(ROOT, file), text);
const pkg = JSON.parse(read("package.json"));
if (compare(version, pkg.version) <= 0)
  fail(`${version} is not above package.json's ${pkg.version}`);
if (tagExists(`v${version}`)) fail(`the tag v${version} exists already`);
const dirty = git("status", "--porcelain");
if (dirty) fail(`the work tree is not clean:\n${dirty}`);
const changelog = read("CHANGELOG.md");
const unreleased = /^## Unreleased[ \t]*\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(changelog);
if (!unreleased) fail('CHANGELOG.md has no "## Unreleased" entry to close');
if (!unreleased[1].trim()) fail('CHANGELOG.md\'s "## Unreleased" entry is empty');

console.log(`release ${version}: running the suite (${testCommand})`);
const started = Date.now();
const suite = spawnSync("bash", ["-c", testCommand], { cwd: ROOT, stdio: "inherit" });
if (suite.status !== 0)
  fail(`the suite failed (${testCommand} exited ${suite.status ?? suite.signal})`);
console.log(
  `release ${version}: the suite passed in ${Math.round((Date.now() - started) / 1000)} s`,
);
const after = git("status", "--porcelain");
if (after) fail(`the suite left the work tree changed:\n${after}`);

// The version, in the three places that carry it (a unit test keeps them equal).
write("package.json", read("package.json").replace(/("version":\s*")[^"]+(")/, `$1${version}$2`));
const lock = JSON.parse(read("package-lock.json"));
lock.version = version;
if (lock.packages?.[""]) lock.packages[""].version = version;
write("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
const dockerfile = read("Dockerfile");
if (!/^ARG VERSION=.*$/m.test(dockerfile)) fail("the Dockerfile has no ARG VERSION line");
write("Dockerfile", dockerfile.replace(/^ARG VERSION=.*$/m, `ARG VERSION=${version}`));
write("CHANGELOG.md", changelog.replace(/^## Unreleased[ \t]*$/m, `## ${version} — ${date}`));

git("add", "package.json", "package-lock.json", "Dockerfile", "CHANGELOG.md");
git("commit", "-q", "-m", `Release ${version}`);
const commit = git("rev-parse", "HEAD");
git("tag", "-a", `v${version}`, "-m", `Release ${version}`, commit);
console.log(`release ${version}: committed and tagged v${version} (${commit})`);

// The entry names its commit: a clone without tags still finds the release.
const dated = read("CHANGELOG.md");
const heading = `## ${version} — ${date}\n`;
write("CHANGELOG.md", dated.replace(heading, `${heading}\nCommit: ${commit}\n`));
git("add", "CHANGELOG.md");
git("commit", "-q", "-m", `CHANGELOG: ${version} is ${commit.slice(0, 7)}`);

// Older releases recorded by commit but never tagged get their tags now.
const tags = [`v${version}`];
for (const entry of dated.split(/^## /m).slice(1)) {
  const older = entry.split(/\s/)[0];
  const recorded = /^Commit: ([0-9a-f]{40})$/m.exec(entry)?.[1];
  if (!recorded || !SEMVER.test(older) || tagExists(`v${older}`)) continue;
  git("tag", "-a", `v${older}`, "-m", `Release ${older}`, recorded);
  tags.push(`v${older}`);
  console.log(`release ${version}: tagged the older release v${older} (${recorded.slice(0, 7)})`);
}
console.log(`release ${version}: done. Publish it with:
  git push origin HEAD ${tags.join(" ")}
and build its image on the tagged commit (docs/operations.md, "Releases"):
  git checkout v${version} && docker build --pull $(node scripts/image-args.mjs) .`);
