import { json } from "@remix-run/node";
import { MAX_EA_BYTES } from "../../server/features/eas/limits";
import { formValues } from "./forms.server";
import { readUploadForm } from "./upload.server";

/**
 * The admin's EA forms. Multipart, with the EA file (up to MAX_EA_BYTES, never more held in
 * memory: a larger file stops the parse and comes back as a form error).
 */

export const EA_FIELDS = ["name", "developer", "description", "category", "accountType"] as const;

function tooLarge() {
  return json(
    {
      ok: false as const,
      error: { key: "eaFileTooLarge", params: null, fieldErrors: {} as Record<string, string> },
      values: {} as Record<string, string>,
    },
    { status: 400 },
  );
}

/** The uploaded file: its own name and bytes (empty bytes when none was chosen). */
async function fileOf(form: FormData) {
  const value = form.get("file");
  if (!value || typeof value === "string") return { fileName: "", bytes: new Uint8Array() };
  return { fileName: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
}

/** An EA form: its fields, and (when `withFile`) the version label and file. */
export async function readEaForm(request: Request) {
  const { form } = await readUploadForm(request, MAX_EA_BYTES);
  if (!form) return { ok: false as const, response: tooLarge() };
  const values = formValues(form, [...EA_FIELDS, "version"]);
  return {
    ok: true as const,
    values: { ...values, active: form.get("active") === "on" ? "on" : "" },
    ea: {
      name: values.name,
      developer: values.developer,
      description: values.description,
      category: values.category,
      accountType: values.accountType,
      active: form.get("active") === "on",
    },
    file: { version: values.version, ...(await fileOf(form)) },
    intent: typeof form.get("intent") === "string" ? String(form.get("intent")) : "",
  };
}
