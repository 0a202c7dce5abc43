import { json } from "@remix-run/node";
import { attempt, formFailure } from "./forms.server";
import { fileBytes, readUploadForm } from "./upload.server";

/**
 * The composer's post (multipart: a message and an optional image) for the member's and the
 * admin's chat pages: hands the fields to `send` and answers with the new message's id, or the
 * refusal as a FormFailure.
 */
export async function chatAction(
  request: Request,
  send: (input: { body: string; image?: Uint8Array<ArrayBuffer> }) => Promise<{ id: string }>,
) {
  const upload = await readUploadForm(request);
  if (upload.tooLarge) {
    return formFailure({ key: "imageTooLarge", params: null, fieldErrors: {} }, {});
  }
  const raw = upload.form.get("body");
  const body = typeof raw === "string" ? raw : "";
  const image = await fileBytes(upload.form, "image");
  const result = await attempt({ body }, () => send(image ? { body, image } : { body }));
  if (!result.ok) return result.response;
  return json({ ok: true as const, sent: result.data.id });
}

/** The newest message id of a loaded page, or null. */
export function newestId(page: { messages: { id: string }[] }): string | null {
  return page.messages.at(-1)?.id ?? null;
}
