export { createEaForm, editEaForm } from "#domain/ea";
import { MAX_EA_BYTES } from "#domain/upload";

/**
 * The admin's EA forms are multipart, with the EA file: up to MAX_EA_BYTES, never more held in
 * memory (a larger file stops the read and comes back as a form error).
 */
export const EA_UPLOAD = { maxBytes: MAX_EA_BYTES, tooLargeKey: "eaFileTooLarge" };

/** A version's upload: its label, and the file's own name and bytes (empty when none was chosen). */
export async function eaFile(form: FormData, version: string) {
  const value = form.get("file");
  if (!value || typeof value === "string")
    return { version, fileName: "", bytes: new Uint8Array() };
  return { version, fileName: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
}
