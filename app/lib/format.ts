/**
 * Dates as people in Japan read them: Asia/Tokyo, "2026/11/21 09:05". Computed by hand (Japan
 * has no daylight saving time), not with Intl, so the server's and the browser's output are
 * identical and hydration never disagrees.
 */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

function tokyoParts(utc: string) {
  const date = new Date(utc.replace(" ", "T") + (utc.endsWith("Z") ? "" : "Z"));
  if (Number.isNaN(date.getTime())) return null;
  const t = new Date(date.getTime() + TOKYO_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${t.getUTCFullYear()}/${pad(t.getUTCMonth() + 1)}/${pad(t.getUTCDate())}`,
    time: `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`,
  };
}

/** "2026/11/21" in Tokyo, from a stored UTC timestamp; "" for none. */
export function formatDate(utc: string | null | undefined): string {
  if (!utc) return "";
  return tokyoParts(utc)?.date ?? "";
}

/** "2026/11/21 09:05" in Tokyo, from a stored UTC timestamp; "" for none. */
export function formatDateTime(utc: string | null | undefined): string {
  if (!utc) return "";
  const parts = tokyoParts(utc);
  return parts ? `${parts.date} ${parts.time}` : "";
}
