// The `docker build` arguments for this checkout: the version, commit, build time and source for
// the OCI labels and the server's version (see the Dockerfile), and the image's tag.
//   docker build --pull $(node scripts/image-args.mjs) .
// prints, on the commit tagged v1.1.0:
//   --build-arg VERSION=1.1.0 --build-arg REVISION=<sha> --build-arg RELEASED=true
//   --build-arg CREATED=<now> [--build-arg SOURCE=<url>] --tag cashback-portal:1.1.0
// and between releases the tag 1.1.0-<short commit> (a tag cannot hold semver's "+").
//   IMAGE_NAME    the repository part of the tag (cashback-portal)
//   IMAGE_SOURCE  the org.opencontainers.image.source URL (default: git's origin when https)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describeBuild } from "./build-version.mjs";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const build = describeBuild(pkg.version, { cwd: new URL("..", import.meta.url).pathname });
let source = process.env.IMAGE_SOURCE ?? "";
if (!source) {
  try {
    const origin = execFileSync("git", ["remote", "get-url", "origin"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    if (origin.startsWith("https://")) source = origin.replace(/\.git$/, "");
  } catch {
    // No origin: the label stays empty.
  }
}
const args = [
  `VERSION=${build.version}`,
  `REVISION=${build.commit || "unknown"}`,
  `RELEASED=${build.released}`,
  `CREATED=${new Date().toISOString().replace(/\.\d+Z$/, "Z")}`,
  ...(source ? [`SOURCE=${source}`] : []),
].flatMap((a) => ["--build-arg", a]);
const tag = `${process.env.IMAGE_NAME ?? "cashback-portal"}:${build.version.replace("+", "-")}`;
console.log([...args, "--tag", tag].join(" "));
