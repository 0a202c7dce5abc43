import { privateDownload } from "./download.server";

/** An EA file as a private download of an opaque type. */
export function eaFileResponse(file: { fileName: string; sha256: string; bytes: Uint8Array }) {
  return privateDownload(
    { bytes: file.bytes, fileName: file.fileName, contentType: "application/octet-stream" },
    // Lets a careful member check the file against the checksum the EA page shows.
    { "X-Content-SHA256": file.sha256 },
  );
}
