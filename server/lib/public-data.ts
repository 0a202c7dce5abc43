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

/**
 * Per database (a process has one; tests open several in one process), held weakly so a closed
 * database's entries go with it.
 */
let entriesOf = new WeakMap<object, Map<string, Entry>>();

export function publicData<T>(
  db: object,
  key: string,
  read: () => Promise<T>,
  now: number = Date.now(),
): Promise<T> {
  let entries = entriesOf.get(db);
  if (!entries) {
    entries = new Map();
    entriesOf.set(db, entries);
  }
  const kept = entries.get(key);
  if (kept && kept.until > now) return kept.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  const value = read();
  const entry: Entry = { until: now + PUBLIC_DATA_TTL_MS, value };
  const from = entries;
  from.set(key, entry);
  value.catch(() => {
    if (from.get(key) === entry) from.delete(key);
  });
  return value;
}

/** Everything kept is dropped: the next visitor reads what the database holds now. */
export function forgetPublicData(): void {
  entriesOf = new WeakMap();
  documents.clear();
}

/**
 * A public page's rendered document, kept for the same minute: rendering the shell and the
 * page with React is most of what a visitor's request costs once its data is kept. The key is
 * the address and the whole of the loaders' data (its hash), so a document is reused only for
 * the same data, which renders the same HTML; what differs per answer is the CSP nonce, which
 * the reuse replaces with the request's own. Only documents every visitor may share are kept
 * (the page answered `public` Cache-Control: no cookie of a person), and the same admin
 * change that drops the data drops them.
 */
interface KeptDocument {
  until: number;
  html: string;
  nonce: string;
  /** Its ETag (the same whatever the nonce). */
  etag: string;
}

const documents = new Map<string, KeptDocument>();

export const publicDocuments = {
  /** The document rendered earlier for this key, with `nonce` in place of its own. */
  get(
    key: string,
    nonce: string,
    now: number = Date.now(),
  ): { html: string; etag: string } | undefined {
    const kept = documents.get(key);
    if (!kept || kept.until <= now) return undefined;
    return { html: kept.html.split(kept.nonce).join(nonce), etag: kept.etag };
  },
  set(key: string, html: string, nonce: string, etag: string, now: number = Date.now()): void {
    // Without a nonce there is nothing to tell the page's own from the request's.
    if (nonce.length < 16) return;
    if (documents.size >= MAX_ENTRIES) documents.clear();
    documents.set(key, { until: now + PUBLIC_DATA_TTL_MS, html, nonce, etag });
  },
};
