import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { MAX_IMAGE_BYTES } from "../../server/storage/images";

/**
 * Reads a multipart form with file fields, never holding more than the image limit per file
 * in memory: a larger file stops the parse (`tooLarge`), whatever the browser claimed.
 */
export async function readUploadForm(
  request: Request,
): Promise<{ form: FormData; tooLarge: false } | { form: null; tooLarge: true }> {
  try {
    const form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: MAX_IMAGE_BYTES }),
    );
    return { form, tooLarge: false };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { form: null, tooLarge: true };
    throw error;
  }
}

/** A file field's bytes, or undefined when no file was chosen. */
export async function fileBytes(
  form: FormData,
  name: string,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const value = form.get(name);
  if (!value || typeof value === "string" || value.size === 0) return undefined;
  return new Uint8Array(await value.arrayBuffer());
}

/** An image for a resource route: its own type, never sniffed by the browser, never framed. */
export function imageResponse(
  image: { contentType: string; bytes: Uint8Array },
  cache: "private" | "public",
): Response {
  return new Response(Buffer.from(image.bytes), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.length),
      "Cache-Control": cache === "private" ? "private, max-age=300" : "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
