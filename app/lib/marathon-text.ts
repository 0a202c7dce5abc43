/**
 * A goal's modal text as lines. The text may hold line-break markers, written by admins as a
 * literal "\n" (backslash n), a real line break, or "<br>" ("<br/>", "<br />"): each becomes a
 * line break. The lines are shown as text (never as HTML), so anything else that looks like
 * markup is shown as typed.
 */
export function modalTextLines(text: string): string[] {
  return text.split(/\\n|\r\n|\r|\n|<br\s*\/?>/gi);
}
