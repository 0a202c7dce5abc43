import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import { safeParseAsync, type $ZodType, type input, type output } from "zod/v4/core";
import { isRoleRefusal } from "#domain/redirect";
import { type FormError, formErrorOf, formRefusalStatus } from "#domain/refusal";
import { type AnsweredError, answerOf, errorName } from "./form-echo";
import { readForm } from "./refusals.server";
import { fileBytes, readUploadForm } from "./upload.server";

export type { FormError };

/** A refused form's answer (answerOf): its error, conform's record of it, the values typed. */
export interface FormFailure {
  ok: false;
  error: AnsweredError;
  values: Record<string, string>;
}

/** A form's refusal or failure as the response an action returns (400 unless it says). */
export function formFailure(
  error: FormError,
  values: Record<string, string>,
  status = 400,
): TypedResponse<FormFailure> {
  return json(answerOf(error, values), { status });
}

/** A procedure's refusal as the form's error (server/domain/refusal.ts reads every refusal). */
export const toFormError = formErrorOf;

/** A form read and parsed: the schema's value, or the 400 that tells the form what to fix. */
export type ParsedForm<T, I = unknown> =
  | { ok: true; value: T; input: I; values: Record<string, string>; form: FormData }
  | { ok: false; response: TypedResponse<FormFailure> };

/** How a form is read when it is not a plain one. */
export interface FormReading<I> {
  /**
   * A multipart form with files (an image, an EA): no file over `maxBytes` is held in memory; a
   * larger one stops the read and comes back as the form error `tooLargeKey`.
   */
  files?: true | { maxBytes?: number; tooLargeKey?: string };
  /**
   * The form's fields as the schema's input, for a form not named as its input (repeated
   * rows): the schema parses what this gives.
   */
  shape?: (form: FormData) => I;
  /** What a refusal echoes, when the fields as typed are not it (rows echoed as JSON). */
  echo?: (form: FormData) => Record<string, string>;
}

/** Where a form comes from: the request, or its body already read to choose a branch. */
export type FormSource = Request | FormData;

/** The form of a source: read once (a body no browser sends is a 400), or as already read. */
async function formOf(source: FormSource, files: FormReading<unknown>["files"]) {
  if (source instanceof FormData) return { form: source };
  if (files) {
    const limits = files === true ? {} : files;
    const upload = await readUploadForm(source, limits.maxBytes);
    if (upload.tooLarge) return { refused: uploadRefusal(limits.tooLargeKey ?? "imageTooLarge") };
    return { form: upload.form };
  }
  return { form: await readForm(source) };
}

/**
 * The one way an action reads a form: the fields parsed by the procedure's own zod schema, the
 * one the browser checks the form with (useFormValidation), so both give the same field errors.
 * Values stay strings as in the browser; the schema coerces (amounts, checkboxes).
 * - ok: the schema's typed value, the fields as the schema read them (`input`: for a procedure
 *   whose schema converts, as dates to stored times, and so takes the form's strings rather
 *   than its own output), the fields as typed (`values`, what a later refusal echoes) and the
 *   form itself (for files);
 * - refused: a FormFailure 400, one message per field named by its path ("payee.bankCode",
 *   "prizes.0.rank"), the typed values echoed back (never a password or a code: echo()).
 * `source` is the request, or the form an action already read to choose its branch. `schema`
 * may be chosen by the form (a page with several forms names the one sent).
 */
export async function parseForm<S extends $ZodType>(
  source: FormSource,
  schema: S | ((form: FormData) => S),
  reading: FormReading<input<S>> = {},
): Promise<ParsedForm<output<S>, input<S>>> {
  const read = await formOf(source, reading.files);
  if (read.refused) return read.refused;
  const form = read.form;
  const values: Record<string, string> = reading.echo ? reading.echo(form) : {};
  if (!reading.echo) {
    for (const [name, value] of form.entries()) {
      if (typeof value === "string" && !(name in values)) values[name] = value;
    }
  }
  const chosen = typeof schema === "function" ? schema(form) : schema;
  const fieldErrors: Record<string, string> = {};
  if (reading.shape) {
    const fields = reading.shape(form);
    const result = await safeParseAsync(chosen, fields);
    if (result.success) return { ok: true, value: result.data, input: fields, values, form };
    for (const issue of result.error.issues) {
      fieldErrors[errorName(issue.path.map(String).join("."))] ??= issue.message;
    }
  } else {
    const submission = parseWithZod(form, { schema: chosen, disableAutoCoercion: true });
    if (submission.status === "success") {
      // The schema accepted exactly these fields, so they are its input.
      const fields = submission.payload as input<S>;
      return { ok: true, value: submission.value as output<S>, input: fields, values, form };
    }
    for (const [name, messages] of Object.entries(submission.error ?? {})) {
      if (messages?.[0]) fieldErrors[errorName(name)] ??= messages[0];
    }
  }
  return { ok: false, response: formFailure({ key: null, params: null, fieldErrors }, values) };
}

/** The image of an admin record form: a new file, or the wish to remove the current one. */
export async function imageOf(form: FormData) {
  return { image: await fileBytes(form, "image"), removeImage: isChecked(form, "removeImage") };
}

/** How a form that must not lose work tells what became of a request that failed. */
export interface MoneyOutcome {
  /** Where a failure that is not a refusal is logged. */
  log: { error: (obj: object, msg?: string) => void };
  /**
   * The message when it cannot be known whether the request was recorded (default: the money
   * forms' "may or may not have been received; sending again is safe").
   */
  unsureKey?: string;
  /**
   * Asks, after the failure, whether the request was recorded after all (the connection may
   * have dropped after the commit). Its own failure leaves the answer unknown.
   */
  recorded?: () => Promise<boolean>;
}

/** What becomes of a procedure's failure, for forms that need more than the standard answer. */
export interface RunOptions {
  /**
   * Renames the refusal's fields as the form names them, for a form whose fields are not the
   * procedure's input one for one (the marathon editor's goal rows, blank rows counted).
   */
  rename?: (error: FormError) => FormError;
  /**
   * Marks a form that must never lose work (withdrawal, transfer, payout details, broker
   * account). A failure that is not a refusal (the database went away, the connection dropped
   * after the commit) does not wipe the page: the member keeps what they typed and reads what
   * became of the request:
   * - recorded (the `recorded` check found it): 200, so the page's lists reload and show it;
   * - not recorded: 503, "send it again";
   * - unknown: 503 with `unsureKey`. The values keep the form's one-time key, and the page
   *   sends it again, so a second try cannot make a second request (the procedure answers
   *   with the first); forms without a key are safe to resend by nature (they set values).
   */
  money?: MoneyOutcome;
}

type Ran<T> = { ok: true; data: T } | { ok: false; response: TypedResponse<FormFailure> };

/**
 * Runs a procedure for a form already parsed (parseForm). A refusal becomes a 400 (or its own
 * 4xx) with translatable errors and the values to type back in; anything else is a real
 * failure and propagates to the error boundary (and the logs), unless `money` says otherwise.
 */
export async function attempt<T>(
  values: Record<string, string>,
  run: () => Promise<T>,
  { rename = (error) => error, money }: RunOptions = {},
): Promise<Ran<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    const refusal = toFormError(error);
    if (refusal) {
      return {
        ok: false,
        response: formFailure(rename(refusal), values, formRefusalStatus(error)),
      };
    }
    // Sign-in and role refusals go on to become the area's redirect.
    if (!money || isRoleRefusal(error) || error instanceof Response) throw error;
    return unsure(values, error, money);
  }
}

/** A money form's failure that is not a refusal: what became of the request, as far as known. */
async function unsure(
  values: Record<string, string>,
  error: unknown,
  money: MoneyOutcome,
): Promise<Ran<never>> {
  money.log.error({ err: error }, "form submit failed");
  const recorded = await money.recorded?.().catch(() => undefined);
  const key =
    recorded === true
      ? "submitRecorded"
      : recorded === false
        ? "submitNotRecorded"
        : (money.unsureKey ?? "submitUnsure");
  return {
    ok: false,
    response: formFailure(
      { key, params: null, fieldErrors: {} },
      values,
      recorded === true ? 200 : 503,
    ),
  };
}

/** What a form sent to one procedure comes to: its answer and the fields as typed, or a 4xx. */
export type Submitted<T> =
  | { ok: true; data: T; values: Record<string, string> }
  | { ok: false; response: TypedResponse<FormFailure> };

/**
 * The action of a form that is one procedure's input, the one server entry of a form: the form
 * parsed by the route's schema (parseForm), then the procedure run with its value (attempt); a
 * refused form or a refused call is the response to return. `options.money` marks a form that
 * must never lose work; `options.files` reads a multipart form with files.
 */
export async function submitForm<S extends $ZodType, T>(
  source: FormSource,
  schema: S | ((form: FormData) => S),
  run: (value: output<S>, parsed: { input: input<S>; form: FormData }) => Promise<T>,
  options: RunOptions & Pick<FormReading<input<S>>, "files"> = {},
): Promise<Submitted<T>> {
  const parsed = await parseForm(source, schema, { files: options.files });
  if (!parsed.ok) return parsed;
  const result = await attempt(
    parsed.values,
    () => run(parsed.value, { input: parsed.input, form: parsed.form }),
    options,
  );
  return result.ok ? { ...result, values: parsed.values } : result;
}

/** A redirect carrying the cookies procedures set (sign-in, sign-out). */
export function redirectWithCookies(to: string, resHeaders: Headers): Response {
  return redirect(to, { headers: resHeaders });
}

/** A refused upload (a file over its limit) as the form's error; nothing is echoed back. */
export function uploadRefusal(key: string) {
  return { ok: false as const, response: formFailure({ key, params: null, fieldErrors: {} }, {}) };
}

/** Whether a checkbox was ticked (an unticked one is not sent at all). */
export function isChecked(form: FormData, name: string): boolean {
  return form.get(name) === "on";
}

/**
 * The action of an admin record form (create or edit a campaign, gacha, reward, popup, EA,
 * broker): `read` is the form parsed (parseForm; a refused form or upload is answered as it
 * is), `save` runs the procedure with it, and `next` names the page to go to after it saved. A
 * refusal comes back as a 400 with the values to type back in.
 */
export async function saveRecord<F extends { ok: true; values: Record<string, string> }, T>(
  read: Promise<F | { ok: false; response: TypedResponse<FormFailure> }>,
  save: (form: F) => Promise<T>,
  next: (form: F, saved: T) => string,
) {
  const form = await read;
  if (!form.ok) return form.response;
  const result = await attempt(form.values, () => save(form));
  if (!result.ok) return result.response;
  return redirect(next(form, result.data));
}

/** A record list's address telling it which record was just saved (its `?saved=` notice). */
export function listWithSaved(list: string, name: string) {
  return `${list}?${new URLSearchParams({ saved: name })}`;
}
