/**
 * Tells the server a dialog was on screen (the /dialogs action): a goal is marked shown, a
 * popup seen, so neither opens again. Rejects on any answer but 2xx; the caller logs it, and
 * the dialog then opens again on a later page load.
 */
export async function reportShown(intent: "goalsShown" | "popupSeen", ids: string[]) {
  const body = new URLSearchParams([["intent", intent], ...ids.map((id) => ["id", id])]);
  const response = await fetch("/dialogs", {
    method: "POST",
    body,
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  // Read to the end: a body left unread keeps the request open in the browser (the page never
  // settles, and the connection stays taken) until it is collected.
  await response.text();
  if (!response.ok) throw new Error(`/dialogs ${intent}: HTTP ${response.status}`);
}
