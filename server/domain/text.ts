/**
 * Characters no text a person types here should carry: C0 controls but tab and line breaks
 * (NUL first among them), DEL and C1 controls, bidirectional overrides, embeddings, isolates
 * and marks (a right-to-left override makes "gpj.exe" read as "exe.jpg"), line and paragraph
 * separators, and invisible zero-width characters that only hide text (the zero-width joiners
 * that emoji and some scripts need are allowed).
 */
export const UNSAFE_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

/** Fields whose text is never shown (hashed or compared only): any character goes. */
const OPAQUE_FIELDS = new Set(["password", "passwordConfirm", "currentPassword", "token"]);

/**
 * The path of the first string in an input (any depth) holding an unsafe character, or null.
 * Used once for every procedure's input, so no name, title or message field can be missed.
 */
export function findUnsafeText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === "string") return isSafeText(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      if (OPAQUE_FIELDS.has(key)) continue;
      const found = findUnsafeText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
