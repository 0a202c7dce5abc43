/**
 * What an uploaded file may weigh, per kind (pure: the forms' multipart reader stops at the
 * limit and says so in the form, the services check again, and the body limit in front of every
 * route is derived from them).
 */

/** 2 MiB: a profile image or a banner never needs more. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** The largest broker report accepted: a month of a big broker ("the 50 MB limit"). */
export const MAX_REPORT_BYTES = 50 * 1024 * 1024;

/** 20 MiB: an EA (.ex4/.ex5) or a zip of one with its set files never needs more. */
export const MAX_EA_BYTES = 20 * 1024 * 1024;
/** The EA file names accepted, by their extension. */
export const EA_EXTENSIONS = ["ex4", "ex5", "zip"] as const;
