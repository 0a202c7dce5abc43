/**
 * The values to echo back to a form after a failure: never a password, a one-time code or a
 * token. Only those names: a bank code or a branch code is what the member typed, and is kept.
 * Shared by the server's answer (forms.server.ts) and the browser's (forms-offline.ts).
 */
export function echo(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter(([k]) => !/password|token|^code$/i.test(k)),
  );
}

/**
 * A field's error name as the forms look it up: its path with dots. Conform names a list's
 * field `goals[3].threshold`, the error is `goals.3.threshold`; the whole form's is "form".
 * Shared by the server's refusal (forms.server.ts) and the browser's check (validation.ts).
 */
export function errorName(name: string): string {
  return name.replace(/\[(\d+)\]/g, ".$1") || "form";
}
