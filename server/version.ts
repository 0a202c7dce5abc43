import { version } from "../package.json";

/**
 * This build's release, from package.json (semantic versioning; CHANGELOG.md says what each
 * release changed). The bundlers inline the one field, so the built server needs no package.json.
 */
export const VERSION: string = version;
