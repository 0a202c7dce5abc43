import { MAX_REPORT_BYTES } from "../../server/domain/upload";
import { readUploadForm } from "./upload.server";

export const MAX_REPORT_MB = MAX_REPORT_BYTES / 1024 / 1024;

/**
 * Reads the data-update form (a broker report and the batch's USD rate) without ever holding
 * more than the report limit in memory: a bigger file stops the read as soon as it passes the
 * limit (`tooLarge`), whatever size the browser claimed.
 */
export function readReportForm(request: Request) {
  return readUploadForm(request, MAX_REPORT_BYTES);
}
