/**
 * Japanese banks and branches by name or code, from `zengin-code` (the Zengin system's
 * published list). The data is 5 MB of JavaScript: it stays on the server, is loaded on first
 * use, and a search answers with a few matches, never the list.
 */

export interface BankChoice {
  code: string;
  /** The name as members write it on a form ("みずほ銀行"; the list says "みずほ"). */
  name: string;
}

interface Entry {
  code: string;
  name: string;
  /** name and reading, folded for matching (see fold). */
  folded: string;
  reading: string;
  roma: string;
}

interface Index {
  banks: Entry[];
  branches: Map<string, Entry[]>;
}

let index: Promise<Index> | null = null;

function load(): Promise<Index> {
  index ??= import("zengin-code").then((mod) => {
    const data = mod.default;
    const banks: Entry[] = [];
    const branches = new Map<string, Entry[]>();
    for (const bank of Object.values(data)) {
      banks.push(entry(bank.code, bankName(bank.code, bank.name), bank.hira, bank.roma));
      branches.set(
        bank.code,
        Object.values(bank.branches).map((b) =>
          entry(b.code, b.name.normalize("NFKC"), b.hira, b.roma),
        ),
      );
    }
    return { banks, branches };
  });
  return index;
}

function entry(code: string, name: string, hira: string, roma: string): Entry {
  return { code, name, folded: fold(name), reading: fold(hira), roma: fold(roma) };
}

/**
 * The list names banks without "銀行" ("みずほ", "三菱ＵＦＪ"): codes below 1000 are banks, and
 * so is ゆうちょ (9900); credit unions and co-operatives already say what they are.
 */
export function bankName(code: string, listed: string): string {
  const name = listed.normalize("NFKC");
  const isBank = code < "1000" || code === "9900";
  return isBank && !/銀行|バンク/.test(name) ? `${name}銀行` : name;
}

/**
 * What a search compares: full-width letters and digits made half-width, lower case, katakana
 * as hiragana with small kana made large (the list's readings are written "とうきよう" for
 * 東京), and no spaces, long-vowel marks, hyphens or middle dots.
 */
export function fold(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/[ぁぃぅぇぉっゃゅょゎ]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 1))
    .replace(/[\sー－\-・･.]/g, "");
}

/** How well an entry matches a folded query: lower is better, null is no match. */
function rank(e: Entry, q: string, digits: string | null): number | null {
  if (digits !== null) {
    if (e.code === digits) return 0;
    if (e.code.startsWith(digits)) return 1;
  }
  if (e.folded.startsWith(q)) return 2;
  if (e.reading.startsWith(q) || e.roma.startsWith(q)) return 3;
  if (e.folded.includes(q)) return 4;
  return null;
}

function search(entries: Entry[], query: string, limit: number): BankChoice[] {
  const q = fold(query);
  if (!q) return [];
  const digits = /^\d+$/.test(q) ? q : null;
  const found: { e: Entry; r: number }[] = [];
  for (const e of entries) {
    const r = rank(e, q, digits);
    if (r !== null) found.push({ e, r });
  }
  found.sort((a, b) => a.r - b.r || a.e.code.localeCompare(b.e.code));
  return found.slice(0, limit).map(({ e }) => ({ code: e.code, name: e.name }));
}

/** Banks whose code starts with, or whose name or reading matches, the query. */
export async function searchBanks(query: string, limit = 20): Promise<BankChoice[]> {
  return search((await load()).banks, query, limit);
}

/** The branches of one bank by code, name or reading; none for a bank the list does not know. */
export async function searchBranches(
  bankCode: string,
  query: string,
  limit = 20,
): Promise<BankChoice[]> {
  return search((await load()).branches.get(bankCode) ?? [], query, limit);
}

/**
 * Whether a bank and branch code pair can be an account: false only when the list knows the
 * bank and it has no such branch (a bank it does not know, newer than the list, is let be).
 */
export async function branchExists(bankCode: string, branchCode: string): Promise<boolean> {
  const branches = (await load()).branches.get(bankCode);
  return !branches || branches.some((b) => b.code === branchCode);
}

/**
 * A bank's and branch's names in half-width-ready katakana, by code (the Zengin transfer file
 * wants kana; members type "みずほ銀行"); null for what the list does not know.
 */
export async function kanaNames(bankCode: string, branchCode: string) {
  const bank = (await import("zengin-code")).default[bankCode];
  return { bank: bank?.kana ?? null, branch: bank?.branches[branchCode]?.kana ?? null };
}
