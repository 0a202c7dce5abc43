import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import type { $ZodType, output } from "zod/v4/core";
import { isRoleRefusal } from "../../server/domain/redirect";
import { type FormError, formErrorOf, formRefusalStatus } from "../../server/domain/refusal";
import { echo } from "./form-echo";
import { readForm } from "./refusals.server";
import { fileBytes, readUploadForm } from "./upload.server";

export type { FormError };

export interface FormFailure {
  ok: false;
  error: FormError;
  values: Record<string, string>;
}

/** A procedure's refusal as the form's error (server/domain/refusal.ts reads every refusal). */
export const toFormError = formErrorOf;

/** A form read and parsed: the schema's value, or the 400 that tells the form what to fix. */
export type ParsedForm<T> =
  | { ok: true; value: T; values: Record<string, string>; form: FormData }
  | { ok: false; response: TypedResponse<FormFailure> };

/**
 * The one way an action reads a form: the request's fields parsed by the procedure's own zod
 * schema, the one the browser checks the form with (useFormValidation), so both give the same
 * field errors. Values stay strings as in the browser; the schema coerces (amounts, checkboxes).
 * - ok: the schema's typed value (for the procedure), the fields as typed (`values`, what a
 *   later refusal echoes) and the form itself (for files);
 * - refused: a FormFailure 400, one message per field named by its path ("payee.bankCode"),
 *   the typed values echoed back (never a password or a code: echo()).
 * `schema` may be chosen by the form (a page with several forms names the one sent). A body
 * that cannot be read as a form is the sender's 400, thrown as the page's status.
 */
export async function parseForm<S extends $ZodType>(
  request: Request,
  schema: S | ((form: FormData) => S),
): Promise<ParsedForm<output<S>>> {
  const form = await readForm(request);
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && !(name in values)) values[name] = value;
  }
  const submission = parseWithZod(form, {
    schema: typeof schema === "function" ? schema(form) : schema,
    disableAutoCoercion: true,
  });
  if (submission.status === "success")
    return { ok: true, value: submission.value as output<S>, values, form };
  const fieldErrors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    if (messages?.[0]) fieldErrors[name || "form"] ??= messages[0];
  }
  const error: FormError = { key: null, params: null, fieldErrors };
  return {
    ok: false,
    response: json({ ok: false as const, error, values: echo(values) }, { status: 400 }),
  };
}

/** Form fields as strings; files and repeated names are not used by these forms. */
export function formValues<K extends string>(
  form: FormData,
  names: readonly K[],
): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/**
 * Runs a procedure for a form. A refusal becomes a 400 with translatable errors; anything else
 * is a real failure and propagates to the error boundary (and the logs).
 */
export async function attempt<T>(
  values: Record<string, string>,
  run: () => Promise<T>,
): Promise<{ ok: true; data: T } | { ok: false; response: TypedResponse<FormFailure> }> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    const formError = toFormError(error);
    if (!formError) throw error;
    return {
      ok: false,
      response: json(
        { ok: false as const, error: formError, values: echo(values) },
        { status: formRefusalStatus(error) },
      ),
    };
  }
}

/** How a form that must not lose work tells what became of a request that failed. */
export interface SubmitOutcome {
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

/**
 * attempt() for the forms that must never lose work: the withdrawal, transfer, payout-details
 * and broker-account forms. A failure that is not a refusal (the database went away, the
 * connection dropped after the commit) does not wipe the page: the member keeps what they
 * typed and reads what became of the request:
 * - recorded (the `recorded` check found it): 200, so the page's lists reload and show it;
 * - not recorded: 503, "send it again";
 * - unknown: 503 with `unsureKey`. The values keep the form's one-time key, and the page sends
 *   it again, so a second try cannot make a second request (the procedure answers with the
 *   first); forms without a key are safe to resend by nature (they set values).
 */
export async function attemptMoney<T>(
  values: Record<string, string>,
  run: () => Promise<T>,
  log: { error: (obj: object, msg?: string) => void },
  outcome: SubmitOutcome = {},
): Promise<{ ok: true; data: T } | { ok: false; response: TypedResponse<FormFailure> }> {
  try {
    return await attempt(values, run);
  } catch (error) {
    // Sign-in and role refusals go on to become the area's redirect.
    if (isRoleRefusal(error) || error instanceof Response) throw error;
    log.error({ err: error }, "form submit failed");
    const recorded = await outcome.recorded?.().catch(() => undefined);
    const key =
      recorded === true
        ? "submitRecorded"
        : recorded === false
          ? "submitNotRecorded"
          : (outcome.unsureKey ?? "submitUnsure");
    return {
      ok: false,
      response: json(
        {
          ok: false as const,
          error: { key, params: null, fieldErrors: {} },
          values: echo(values),
        },
        { status: recorded === true ? 200 : 503 },
      ),
    };
  }
}

/** A redirect carrying the cookies procedures set (sign-in, sign-out). */
export function redirectWithCookies(to: string, resHeaders: Headers): Response {
  return redirect(to, { headers: resHeaders });
}

/** A refused upload (a file over its limit) as the form's error; nothing is echoed back. */
export function uploadRefusal(key: string) {
  const error: FormError = { key, params: null, fieldErrors: {} };
  return {
    ok: false as const,
    response: json(
      { ok: false as const, error, values: {} as Record<string, string> },
      { status: 400 },
    ),
  };
}

/** Whether a checkbox was ticked (an unticked one is not sent at all). */
export function isChecked(form: FormData, name: string): boolean {
  return form.get(name) === "on";
}

/**
 * The one reader of the admin record forms (campaigns, popups, gachas, rewards, EAs, brokers).
 * They are multipart, since they carry an image or a file; a file over `maxFileBytes` stops the
 * parse and comes back as the form error `tooLargeKey`. The procedure's schema judges every
 * value: here they are only read.
 * - `text`: the text fields as strings;
 * - `record`: the procedure's input, the text fields and the yes/no `flags` as booleans;
 * - `values`: what a refusal echoes to the form, the flags as "on" or "";
 * - `image`: the record's image input, a new file or the wish to remove the current one.
 */
export async function readRecordForm<K extends string, F extends string = never>(
  request: Request,
  {
    fields,
    flags = [],
    maxFileBytes,
    tooLargeKey = "imageTooLarge",
  }: { fields: readonly K[]; flags?: readonly F[]; maxFileBytes?: number; tooLargeKey?: string },
) {
  const upload = await readUploadForm(request, maxFileBytes);
  if (upload.tooLarge) return uploadRefusal(tooLargeKey);
  const { form } = upload;
  const text = formValues(form, fields);
  const checked = Object.fromEntries(flags.map((f) => [f, isChecked(form, f)])) as Record<
    F,
    boolean
  >;
  const echoed = Object.fromEntries(flags.map((f) => [f, checked[f] ? "on" : ""])) as Record<
    F,
    string
  >;
  return {
    ok: true as const,
    form,
    text,
    record: { ...text, ...checked },
    values: { ...text, ...echoed },
    image: { image: await fileBytes(form, "image"), removeImage: isChecked(form, "removeImage") },
  };
}

/**
 * The action of an admin record form (create or edit a campaign, gacha, reward, popup, EA,
 * broker): `read` is its reader (a refused upload is answered as it is), `save` runs the
 * procedure with what was read, and `next` names the page to go to after it saved. A refusal
 * comes back as a 400 with the values to type back in.
 */
export async function saveRecord<F extends { ok: true; values: Record<string, string> }, T>(
  read: Promise<F | ReturnType<typeof uploadRefusal>>,
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
