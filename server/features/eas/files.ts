import { createHash } from "node:crypto";
import { fieldError } from "../../lib/field-error";
import { EA_EXTENSIONS, MAX_EA_BYTES } from "../../domain/upload";

/**
 * Uploaded EA files: MetaTrader programs (.ex4, .ex5) or a zip holding one with its set files.
 * The name's extension must be one of those, and the bytes must not be something else in
 * disguise: a zip must start like a zip, and an .ex4/.ex5 must not be a Windows or Linux
 * program, a zip, a PDF, an image or a web page. The file is only ever served as a download
 * (application/octet-stream, attachment, nosniff), never shown in a page.
 */

export type EaFileProblem = "eaFileEmpty" | "eaFileTooLarge" | "eaFileType" | "eaFileInvalid";

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** What an .ex4/.ex5 never starts with. */
const FOREIGN: number[][] = [
  ZIP,
  [0x4d, 0x5a], // "MZ": a Windows executable or DLL
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0xff, 0xd8, 0xff], // JPEG
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x23, 0x21], // "#!": a script
];

/** The first non-blank byte is "<": HTML, XML or SVG, which a browser might run. */
function looksLikeMarkup(bytes: Uint8Array): boolean {
  let i = 0;
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) i = 3;
  while (i < bytes.length && i < 64 && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[i]!)) i++;
  return bytes[i] === 0x3c;
}

export function eaFileProblem(fileName: string, bytes: Uint8Array): EaFileProblem | null {
  if (bytes.length === 0) return "eaFileEmpty";
  if (bytes.length > MAX_EA_BYTES) return "eaFileTooLarge";
  const ext = extensionOf(fileName);
  if (!ext) return "eaFileType";
  if (ext === "zip") return startsWith(bytes, ZIP) ? null : "eaFileInvalid";
  if (FOREIGN.some((magic) => startsWith(bytes, magic)) || looksLikeMarkup(bytes)) {
    return "eaFileInvalid";
  }
  return null;
}

function extensionOf(fileName: string): (typeof EA_EXTENSIONS)[number] | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  return (EA_EXTENSIONS as readonly string[]).includes(ext ?? "")
    ? (ext as (typeof EA_EXTENSIONS)[number])
    : null;
}

/**
 * The name a download is saved under: the uploaded name reduced to letters, digits, dots,
 * hyphens and underscores (no path, no quotes, nothing a header could trip on), with its
 * extension kept.
 */
export function safeFileName(fileName: string, fallbackBase: string): string {
  const ext = extensionOf(fileName) ?? "bin";
  const base = (fileName.split(/[\\/]/).pop() ?? "")
    .replace(/\.[A-Za-z0-9]+$/, "")
    .normalize("NFKC")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._]+|[._]+$/g, "")
    .slice(0, 80);
  const fallback = fallbackBase.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80) || "ea";
  return `${base || fallback}.${ext}`;
}

/** Checks an upload for the form: a refusal is a field error on `file`. */
export function acceptEaFile(fileName: string, bytes: Uint8Array) {
  const problem = eaFileProblem(fileName, bytes);
  if (problem) throw fieldError("file", problem);
  return { sha256: createHash("sha256").update(bytes).digest("hex"), size: bytes.length };
}
