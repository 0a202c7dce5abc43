/** The account inputs live in server/domain/account.ts: the browser checks its forms with them. */
export * from "../../domain/account";

/** Redirect targets from input: server/domain/redirect (one function, tested with hostile input). */
export { safeRedirect } from "../../domain/redirect";
