/**
 * An EA file as a download: always an attachment of an opaque type, never sniffed, framed or
 * cached by anyone but the person who downloaded it. The name is the stored, already safe one.
 */
export function eaFileResponse(file: { fileName: string; sha256: string; bytes: Uint8Array }) {
  return new Response(Buffer.from(file.bytes), {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(file.bytes.length),
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      // Lets a careful member check the file against the checksum the EA page shows.
      "X-Content-SHA256": file.sha256,
    },
  });
}
