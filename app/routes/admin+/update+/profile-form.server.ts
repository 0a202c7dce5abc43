import { json, redirect } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { profileFields } from "#domain/import-profile";
import { attempt, formFailure, isChecked, listWithSaved, parseForm } from "#app/lib/forms.server";

/** A sample for the preview: a few rows are enough (the procedure takes 2 MB at most). */
const MAX_SAMPLE_BYTES = 2 * 1024 * 1024;

/**
 * What the editor echoes: its fields as typed (the columns by their path, "columns.symbol"),
 * the checkboxes as "on" or "" (the page shows an unticked box as sent, not as it was saved).
 */
function echoed(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && name !== "intent" && !(name in values)) values[name] = value;
  }
  for (const flag of ["hasHeader", "decimalComma"])
    values[flag] = isChecked(form, flag) ? "on" : "";
  return values;
}

/**
 * The import profile editor's action, for a new profile and an existing one:
 * "sample" reads the chosen sample file with the values as they are (saved or not) and answers
 * its first rows or the refusal, the values echoed so the form keeps them; otherwise the
 * profile is saved and the list opens with the notice. A refusal answers the values too.
 */
export async function profileAction(request: Request, context: AppLoadContext, id?: string) {
  const form = await parseForm(request, profileFields, {
    files: { maxBytes: MAX_SAMPLE_BYTES, tooLargeKey: "import.sampleTooLarge" },
    echo: echoed,
  });
  if (!form.ok) return form.response;
  const { values, input: profile } = form;

  if (form.form.get("intent") === "sample") {
    const sample = form.form.get("sample");
    if (!sample || typeof sample === "string" || sample.size === 0) {
      return formFailure({ key: null, params: null, fieldErrors: { sample: "required" } }, values);
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
  return redirect(listWithSaved("/admin/update/profiles", form.value.name));
}

/** The profile page's other form: removing the profile (its name is for the list's notice). */
export const removeProfileForm = z.object({ intent: z.literal("remove"), name: z.string() });

/** The brokers a profile can belong to, for the editor's choice. */
export async function brokerChoices(context: AppLoadContext) {
  const brokers = await context.trpc.brokers.list();
  return brokers.map((b) => ({ id: b.id, name: b.name }));
}
