import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { MAX_REPORT_BYTES } from "../../server/features/cashback/report";

export const MAX_REPORT_MB = MAX_REPORT_BYTES / 1024 / 1024;

/**
 * Reads the data-update form (a broker report and the batch's USD rate) without ever holding
 * more than the report limit in memory: a bigger file stops the parse as soon as it passes the
 * limit (`tooLarge`), whatever size the browser claimed.
 */
export async function readReportForm(
  request: Request,
): Promise<{ form: FormData; tooLarge: false } | { form: null; tooLarge: true }> {
  try {
    const form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: MAX_REPORT_BYTES }),
    );
    return { form, tooLarge: false };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { form: null, tooLarge: true };
    throw error;
  }
}
