import pkg from "../package.json" with { type: "json" };
import { describeBuild } from "../scripts/build-version.mjs";

// Written into the server bundle by scripts/build-server.mjs; absent when the sources run as
// they are (tsx, vitest), which then ask git the same question.
declare const __PORTAL_BUILD_VERSION__: string | undefined;
declare const __PORTAL_BUILD_COMMIT__: string | undefined;

/** The release this code belongs to: package.json's version (CHANGELOG.md says what it changed). */
export const RELEASE: string = pkg.version;

const described =
  typeof __PORTAL_BUILD_VERSION__ === "string"
    ? { version: __PORTAL_BUILD_VERSION__, commit: __PORTAL_BUILD_COMMIT__ ?? "" }
    : describeBuild(RELEASE);

/**
 * What this build reports in /healthz, its start lines and `cli.js --version`: the release on
 * the commit tagged v<release>, `<release>+<short commit>` on any other (semantic versioning's
 * build metadata), so a build between releases is never taken for the release before it.
 */
export const VERSION: string = described.version;

/** The full commit this build was made from ("" when neither git nor the image's build said). */
export const COMMIT: string = described.commit;
