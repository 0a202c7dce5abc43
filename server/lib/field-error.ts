import { TRPCError } from "@trpc/server";

/**
 * Issues in the shape tRPC gives a failed input schema (a standard-schema error: an Error with
 * `issues`), so forms read both kinds the same way (app/lib/forms.server.ts, toFormError).
 */
export class FieldIssues extends Error {
  constructor(readonly issues: { message: string; path: PropertyKey[] }[]) {
    super(issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    this.name = "FieldIssues";
  }
}

/**
 * A refusal tied to one form field, found by a rule the input schema cannot know (it depends
 * on the database or a setting: the configured USDT network, a broker's image). It travels
 * like a schema failure, so the form shows it under the field with the field's label, the same
 * as every other field message.
 */
export function fieldError(field: string, key: string): TRPCError {
  return new TRPCError({
    code: "BAD_REQUEST",
    message: "validation",
    cause: new FieldIssues([{ message: key, path: [field] }]),
  });
}
