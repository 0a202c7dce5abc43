/**
 * A member's own file as a download: always an attachment, never sniffed, framed or cached by
 * anyone but the person who downloaded it. `fileName` is a stored, already safe name.
 */
export function privateDownload(
  file: { bytes: Uint8Array; fileName: string; contentType: string },
  extraHeaders: Record<string, string> = {},
) {
  return new Response(Buffer.from(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      ...extraHeaders,
    },
  });
}
