/** What the admin publishes to members: popups, help articles, legal documents. */
import type { Bool, Table } from "./table";

/** An admin-written notice that opens by itself on a member's page load, once per member. */
export type PopupsTable = Table<
  "popups",
  {
    /** Plain text, shown as text with its line breaks. */
    body: string;
    /** English of title and body when written (decision 024). */
    title_en: string | null;
    /** Storage key under popups/, served at /media/popups/<file>. */
    image_key: string | null;
    /** http(s) only. */
    link_url: string | null;
    active: Bool;
  }
>;

/** A help centre article (FAQ): Japanese required, English optional (decision 024). */
export type HelpArticlesTable = Table<
  "help_articles",
  {
    /** The URL's last part (/help/<slug>): lower-case letters, digits and hyphens. */
    slug: string;
    /** Order within the category, smallest first. */
    position: number;
    published: Bool;
    /** Markdown, rendered safely on the server (no raw HTML). */
    body: string;
    /** The four texts normalised for search (server/features/help/search.ts). */
    search_text: string;
  }
>;

/** A member has been shown a popup. */
export type PopupViewsTable = Table<"popup_views">;

export type LegalKind = "terms" | "privacy" | "legal" | "company";

/** One published version of a legal document; never updated once inserted. */
export type LegalDocumentsTable = Table<
  "legal_documents",
  {
    kind: LegalKind;
    /** 1, 2, … per kind. */
    version: number;
    /** Markdown, rendered on the server without raw HTML. */
    body: string;
    /** What changed since the previous version (shown on the re-consent notice). */
    summary: string | null;
    /** Members who accepted an earlier version must accept this one. */
    reconsent: Bool;
  }
>;

/** A member accepted one version of a document. */
export type LegalConsentsTable = Table<"legal_consents">;
