import { TRPCError } from "@trpc/server";

type Code = ConstructorParameters<typeof TRPCError>[0]["code"];

/**
 * An error a person should read. `key` is an i18n key under the `errors` namespace; the UI
 * translates it, so the server never decides the wording or the language.
 */
export class AppError extends TRPCError {
  readonly key: string;
  readonly params: Record<string, string | number> | undefined;
  /** The input field the refusal is about, if one: the form marks it with the message. */
  readonly field: string | undefined;

  constructor(code: Code, key: string, params?: Record<string, string | number>, field?: string) {
    super({ code, message: key });
    this.key = key;
    this.params = params;
    this.field = field;
  }
}

export const loginRequired = () => new AppError("UNAUTHORIZED", "loginRequired");
export const forbidden = () => new AppError("FORBIDDEN", "forbidden");
export const notFound = () => new AppError("NOT_FOUND", "notFound");

/** The row a lookup found; none is the same "not found" refusal as everywhere else. */
export function found<T>(row: T | undefined): T {
  if (row === undefined) throw notFound();
  return row;
}

/**
 * The database could not be reached, or kept refusing with conflicts, for longer than the
 * retries wait: the member is asked to try again in a moment (503), never shown an internal
 * error. A money form keeps its one-time key, so trying again cannot make a second request.
 */
export const busyTryAgain = () => new AppError("SERVICE_UNAVAILABLE", "busyTryAgain");
