import { MAX_REPORT_BYTES } from "#domain/upload";
import { readMultipart } from "./upload.server";

export const MAX_REPORT_MB = MAX_REPORT_BYTES / 1024 / 1024;

/**
 * Reads the data-update form (a broker report and the batch's USD rate) without ever holding
 * more than the report limit in memory: a bigger file stops the read as soon as it passes the
 * limit (`tooLarge`), whatever size the browser claimed. The report's pieces are joined once
 * into its bytes (a 50 MB report is one 50 MB copy, not a File's and an arrayBuffer()'s too).
 */
export async function readReportForm(request: Request): Promise<
  | {
      form: FormData;
      report: { name: string; bytes: Uint8Array<ArrayBuffer> } | null;
      tooLarge: false;
    }
  | { form: null; report: null; tooLarge: true }
> {
  const read = await readMultipart(request, MAX_REPORT_BYTES);
  if (read.tooLarge) return { ...read, report: null };
  const file = read.files.find((f) => f.field === "file");
  if (!file) return { form: read.form, report: null, tooLarge: false };
  const joined = Buffer.concat(file.pieces);
  // A view of the joined bytes (a Buffer's memory is a plain ArrayBuffer), not another copy.
  const bytes = new Uint8Array(joined.buffer as ArrayBuffer, joined.byteOffset, joined.length);
  file.pieces.length = 0; // the pieces can go as soon as they are joined
  return { form: read.form, report: { name: file.name, bytes }, tooLarge: false };
}
