import pkg from "../package.json" with { type: "json" };

/**
 * This build's release, from package.json (semantic versioning; CHANGELOG.md says what each
 * release changed). The server bundles carry it, so the built server reads no package.json.
 */
export const VERSION: string = pkg.version;
