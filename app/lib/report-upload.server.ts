import type { AppLoadContext } from "@remix-run/node";
import type { ReceivedFile } from "#server/storage/received";
import { MAX_REPORT_BYTES } from "#domain/upload";
import { receiveMultipart } from "./upload.server";

export const MAX_REPORT_MB = MAX_REPORT_BYTES / 1024 / 1024;

/**
 * Reads the data-update form (a broker report and the batch's USD rate), the report written to
 * the storage's disk as it arrives: never in memory at once. A bigger file stops the read as
 * soon as it passes the limit (`tooLarge`), whatever size the browser claimed, and leaves
 * nothing on disk. The caller owns the received report: it stores it or discards it.
 */
export async function readReportForm(
  request: Request,
  context: Pick<AppLoadContext, "receiveFile">,
): Promise<
  | { form: FormData; report: { name: string; file: ReceivedFile } | null; tooLarge: false }
  | { form: null; report: null; tooLarge: true }
> {
  const read = await receiveMultipart(request, MAX_REPORT_BYTES, context.receiveFile);
  if (read.tooLarge) return { ...read, report: null };
  const [report, ...others] = read.files.filter((f) => f.field === "file");
  // Only the report is kept: any other file part goes at once.
  const extra = [...others, ...read.files.filter((f) => f.field !== "file")];
  await Promise.all(extra.map((f) => f.received.discard()));
  if (!report) return { form: read.form, report: null, tooLarge: false };
  return { form: read.form, report: { name: report.name, file: report.received }, tooLarge: false };
}
