/**
 * Limits the EA upload form shares with the server, in a module with no imports so a route can
 * use them without bundling server code.
 */

/** 20 MiB: an EA (.ex4/.ex5) or a zip of one with its set files never needs more. */
export const MAX_EA_BYTES = 20 * 1024 * 1024;
export const EA_EXTENSIONS = ["ex4", "ex5", "zip"] as const;
