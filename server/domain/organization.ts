/**
 * The company as search engines describe it (schema.org Organization), read from the company
 * page the admin publishes (/company): a Markdown table of label | value rows, in Japanese or
 * English. Only the rows whose label names a field are used; a field whose row is missing, or
 * whose value is still a template's placeholder, is left out rather than guessed.
 */
export interface CompanyFacts {
  legalName?: string;
  address?: string;
  email?: string;
  telephone?: string;
}

const LABELS: Record<keyof CompanyFacts, string[]> = {
  legalName: ["会社名", "商号", "社名", "company", "company name", "name"],
  address: ["所在地", "住所", "address"],
  email: ["お問い合わせ", "メールアドレス", "連絡先", "contact", "email", "e-mail"],
  telephone: ["電話番号", "電話", "phone", "telephone", "tel"],
};

const EMAIL = /[^\s@<>()|]+@[^\s@<>()|]+\.[a-z]{2,}/i;
const PHONE = /\+?[0-9][0-9\-() ]{7,}[0-9]/;

/** The table rows of a Markdown text, as [label, value] (the header and rule rows left out). */
function tableRows(markdown: string): [string, string][] {
  const rows: [string, string][] = [];
  for (const line of markdown.split(/\r?\n/)) {
    const cells = line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|");
    if (cells.length !== 2 || !line.includes("|")) continue;
    const [label, value] = cells.map((c) => c.trim()) as [string, string];
    if (/^:?-+:?$/.test(label) || label === "" || value === "") continue;
    rows.push([label, value]);
  }
  return rows;
}

export function companyFacts(markdown: string): CompanyFacts {
  const facts: CompanyFacts = {};
  for (const [label, value] of tableRows(markdown)) {
    const key = (Object.keys(LABELS) as (keyof CompanyFacts)[]).find((k) =>
      LABELS[k].includes(label.toLowerCase()),
    );
    if (!key || facts[key] !== undefined) continue;
    if (key === "email") {
      const email = EMAIL.exec(value)?.[0];
      if (email) facts.email = email;
    } else if (key === "telephone") {
      const phone = PHONE.exec(value)?.[0];
      if (phone) facts.telephone = phone.trim();
    } else if (!/^[（(].*[)）]$/.test(value)) {
      // A value wholly in brackets is a template's instruction ("（記載）"), not a fact.
      facts[key] = value;
    }
  }
  return facts;
}
