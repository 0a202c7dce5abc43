import { tokyoParts } from "#domain/tokyo-clock";

/** "2026/11/21" in Tokyo, from a stored UTC timestamp; "" for none. */
export function formatDate(utc: string | null | undefined): string {
  return tokyoParts(utc)?.date ?? "";
}

/** "2026/11/21 09:05" in Tokyo, from a stored UTC timestamp; "" for none. */
export function formatDateTime(utc: string | null | undefined): string {
  const parts = tokyoParts(utc);
  return parts ? `${parts.date} ${parts.time}` : "";
}

/** "2026/11/21" from a Tokyo calendar day "2026-11-21" (a marathon's or a period's day). */
export function formatDay(day: string): string {
  return day.replaceAll("-", "/");
}
