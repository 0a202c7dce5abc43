/**
 * The public pages' data (the home, a broker's page), kept in this process for a minute and
 * shared by every visitor who asks for it in the same language.
 *
 * What is kept is only what every visitor sees alike: the loaders read it with the language
 * and the broker's code, never with a session, so nothing of a member can be in it. It lives
 * no longer than PUBLIC_DATA_TTL_MS, well under the pages' own shared-cache lifetime
 * (s-maxage), so a page is never older than a CDN may already keep it; and it is emptied when
 * an admin changes anything (any successful admin mutation: rates approved, a help article
 * published, the pitch saved, a campaign opened), so the admin's next look shows the change.
 * Another process of the same deployment sees the change when its own minute ends.
 *
 * A pending read is shared (the visitors who ask at once wait for the same queries), a
 * failed one (a broker not found, the database busy) is not kept.
 */
export const PUBLIC_DATA_TTL_MS = 60_000;

/** Beyond this many entries (languages × brokers and their earlier codes), all are dropped. */
const MAX_ENTRIES = 1_000;

interface Entry {
  until: number;
  value: Promise<unknown>;
}

const entries = new Map<string, Entry>();

export function publicData<T>(
  key: string,
  read: () => Promise<T>,
  now: number = Date.now(),
): Promise<T> {
  const kept = entries.get(key);
  if (kept && kept.until > now) return kept.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  const value = read();
  const entry: Entry = { until: now + PUBLIC_DATA_TTL_MS, value };
  entries.set(key, entry);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/** Everything kept is dropped: the next visitor reads what the database holds now. */
export function forgetPublicData(): void {
  entries.clear();
}
