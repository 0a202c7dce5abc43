import { json, redirect } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import {
  PROFILE_COLUMNS,
  type PROFILE_CURRENCIES,
  type PROFILE_ENCODINGS,
} from "../../server/domain/import-profile";
import { attempt, listWithSaved, readRecordForm } from "./forms.server";

/** A sample for the preview: a few rows are enough (the procedure takes 2 MB at most). */
const MAX_SAMPLE_BYTES = 2 * 1024 * 1024;

/** The editor's text inputs: the columns are named by their path in the procedure's input. */
const COLUMN_FIELDS = PROFILE_COLUMNS.map((c) => `columns.${c}` as const);
const FIELDS = [
  "name",
  "brokerId",
  "encoding",
  "delimiter",
  ...COLUMN_FIELDS,
  "dateFormat",
  "volumeDivisor",
  "currency",
  "intent",
] as const;

/**
 * The import profile editor's action (decision 046), for a new profile and an existing one:
 * "sample" reads the chosen sample file with the values as they are (saved or not) and answers
 * its first rows or the refusal, the values echoed so the form keeps them; otherwise the
 * profile is saved and the list opens with the notice. A refusal answers the values too.
 */
export async function profileAction(request: Request, context: AppLoadContext, id?: string) {
  const form = await readRecordForm(request, {
    fields: FIELDS,
    flags: ["hasHeader", "decimalComma"],
    maxFileBytes: MAX_SAMPLE_BYTES,
    tooLargeKey: "import.sampleTooLarge",
  });
  if (!form.ok) return form.response;
  const r = form.record;
  const { intent, ...values } = form.values;
  const profile = {
    name: r.name,
    brokerId: r.brokerId,
    encoding: r.encoding as (typeof PROFILE_ENCODINGS)[number],
    delimiter: r.delimiter,
    hasHeader: r.hasHeader,
    columns: Object.fromEntries(PROFILE_COLUMNS.map((c) => [c, r[`columns.${c}`]])) as Record<
      (typeof PROFILE_COLUMNS)[number],
      string
    >,
    dateFormat: r.dateFormat,
    volumeDivisor: r.volumeDivisor,
    decimalComma: r.decimalComma,
    currency: r.currency as (typeof PROFILE_CURRENCIES)[number],
  };

  if (intent === "sample") {
    const sample = form.form.get("sample");
    if (!sample || typeof sample === "string" || sample.size === 0) {
      return json(
        {
          ok: false as const,
          error: { key: null, params: null, fieldErrors: { sample: "required" } },
          values,
        },
        { status: 400 },
      );
    }
    const contentBase64 = Buffer.from(await sample.arrayBuffer()).toString("base64");
    const result = await attempt(values, () =>
      context.trpc.cashback.profiles.sample({ ...profile, contentBase64 }),
    );
    if (!result.ok) return result.response;
    return json({ ok: true as const, sample: result.data, values });
  }

  const result = await attempt(values, () =>
    context.trpc.cashback.profiles.save({ ...profile, ...(id && { id }) }),
  );
  if (!result.ok) return result.response;
  return redirect(listWithSaved("/admin/update/profiles", r.name));
}

/** The brokers a profile can belong to, for the editor's choice. */
export async function brokerChoices(context: AppLoadContext) {
  const brokers = await context.trpc.brokers.list();
  return brokers.map((b) => ({ id: b.id, name: b.name }));
}
