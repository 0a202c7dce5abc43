/**
 * The issuer block of a document the member hands in (the annual statement): the company's
 * name and address as the operator wrote them on the company page, a Markdown table of
 * "item | details" rows. Read from the page so the operator keeps one place for them.
 */

export interface Issuer {
  name: string;
  address: string | null;
}

/** Labels of the company name and the address rows, in both languages the page is written in. */
const NAME_LABELS = ["会社名", "商号", "名称", "事業者名", "company", "company name", "business"];
const ADDRESS_LABELS = ["所在地", "住所", "本店所在地", "address", "registered address"];

/** The cells of a Markdown table row, or null when the line is not one. */
function cells(line: string): string[] | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith("|")) return null;
  return trimmed
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => c.trim());
}

/** Markdown emphasis, links and escapes removed: the document prints plain text. */
function plain(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`]/g, "")
    .replace(/\\(.)/g, "$1")
    .replace(/<br\s*\/?>/gi, " ")
    .trim();
}

/**
 * The company name and address from the company page's Markdown; null without a name row
 * (the document then prints no issuer block rather than a wrong one).
 */
export function issuerFromCompanyPage(markdown: string): Issuer | null {
  let name: string | null = null;
  let address: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const row = cells(line);
    if (!row || row.length < 2) continue;
    const label = plain(row[0]!).toLowerCase();
    const value = plain(row.slice(1).join(" | "));
    if (!value) continue;
    if (name === null && NAME_LABELS.includes(label)) name = value;
    else if (address === null && ADDRESS_LABELS.includes(label)) address = value;
  }
  return name === null ? null : { name, address };
}
