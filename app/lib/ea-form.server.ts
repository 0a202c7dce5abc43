import { MAX_EA_BYTES } from "../../server/domain/upload";
import { formValues, readRecordForm } from "./forms.server";

/**
 * The admin's EA forms. Multipart, with the EA file (up to MAX_EA_BYTES, never more held in
 * memory: a larger file stops the parse and comes back as a form error).
 */
export const EA_FIELDS = [
  "name",
  "developer",
  "description",
  "nameEn",
  "descriptionEn",
  "category",
  "accountType",
] as const;

/** The uploaded file: its own name and bytes (empty bytes when none was chosen). */
async function fileOf(form: FormData) {
  const value = form.get("file");
  if (!value || typeof value === "string") return { fileName: "", bytes: new Uint8Array() };
  return { fileName: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
}

/** An EA form: its fields, and the version label and file (empty when none was chosen). */
export async function readEaForm(request: Request) {
  const read = await readRecordForm(request, {
    fields: EA_FIELDS,
    flags: ["active"],
    maxFileBytes: MAX_EA_BYTES,
    tooLargeKey: "eaFileTooLarge",
  });
  if (!read.ok) return read;
  const { version, intent } = formValues(read.form, ["version", "intent"]);
  return {
    ok: true as const,
    values: { ...read.values, version },
    ea: read.record,
    file: { version, ...(await fileOf(read.form)) },
    intent,
  };
}
