import { parse, type SubmissionResult } from "@conform-to/react";
import type { FormError } from "#domain/refusal";

/**
 * The values to echo back to a form after a failure: never a password, a one-time code or a
 * token. Only those names: a bank code or a branch code is what the member typed, and is kept.
 * Shared by the server's answer (forms.server.ts) and the browser's (forms-offline.ts).
 */
export function echo(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter(([k]) => !/password|token|^code$/i.test(k)),
  );
}

/**
 * A field's error name as the forms look it up: its path with dots. Conform names a list's
 * field `goals[3].threshold`, the error is `goals.3.threshold`; the whole form's is "form".
 * Shared by the server's refusal (forms.server.ts) and the browser's check (validation.ts).
 */
export function errorName(name: string): string {
  return name.replace(/\[(\d+)\]/g, ".$1") || "form";
}

/** The reverse of errorName: the name conform gives the field ("" for the whole form). */
export function conformName(name: string): string {
  return name === "form" ? "" : name.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/** The names conform keeps for itself in a form: its check's button and its saved state. */
const CONFORM_NAMES = new Set(["__intent__", "__state__"]);

/** A refused form's error with conform's record of it, the `lastResult` its useForm reads. */
export type AnsweredError = FormError & { lastResult: SubmissionResult<string[]> };

/**
 * The answer to a refused or failed form, the one shape every form reads back:
 * - `error`: the refusal as translatable keys (the form's message with its params, a message
 *   per field), and `lastResult`, the same refusal in conform's protocol (`submission.reply()`:
 *   the fields sent, now checked, and each one's error under conform's name), which the kit
 *   passes to useForm so conform's state after a server answer is the state after its own check;
 * - `values`: the fields as typed, to fill the form with again (echo: no secret comes back;
 *   conform's `initialValue` is built from the same values).
 */
export function answerOf(error: FormError, values: Record<string, string>) {
  const echoed = echo(values);
  const sent = new FormData();
  for (const [name, value] of Object.entries(echoed)) {
    if (!CONFORM_NAMES.has(name)) sent.append(name, value);
  }
  const fieldErrors = Object.fromEntries(
    Object.entries(error.fieldErrors).map(([name, message]) => [conformName(name), [message]]),
  );
  const formErrors = [...(fieldErrors[""] ?? []), ...(error.key ? [error.key] : [])];
  delete fieldErrors[""];
  const lastResult = parse(sent, { resolve: () => ({ error: fieldErrors }) }).reply({
    formErrors,
  });
  return { ok: false as const, error: { ...error, lastResult }, values: echoed };
}
