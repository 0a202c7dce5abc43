import type { Kysely } from "kysely";
import type { Db } from "#db";
import { newId } from "#db/id";
import type { Database } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import { AppError, found, notFound } from "../../errors";
import { columnsOf } from "../../lib/columns";
import { fieldError } from "../../lib/field-error";
import { brokerExists } from "../brokers/service";
import {
  type ImportProfile,
  resolveColumns,
  PROFILE_COLUMNS,
  type ProfileColumn,
  type ProfileInput,
} from "../../domain/import-profile";
import {
  bytesSource,
  checkReportHeader,
  detectEncoding,
  type Encoding,
  encodingName,
  firstRecord,
  isReportError,
  readReport,
  type ReportBytes,
  ReportFileError,
} from "./report";

/**
 * Import profiles: admins keep one per broker report shape; an upload is read
 * with the profile whose header it matches, or the one the admin chose. "builtin" is the
 * present shape (amount given), always there, never stored.
 */

export const BUILTIN = "builtin";

function toProfile(row: {
  id: string;
  broker_id: string;
  code: string;
  name: string;
  encoding: ImportProfile["encoding"];
  delimiter: string;
  has_header: number;
  columns: string;
  date_format: string;
  volume_divisor: number;
  decimal_comma: number;
  currency: ImportProfile["currency"];
  time_zone: string;
}): ImportProfile {
  const stored = JSON.parse(row.columns) as Partial<Record<ProfileColumn, string | null>>;
  return {
    id: row.id,
    name: row.name,
    brokerId: row.broker_id,
    brokerCode: row.code,
    encoding: row.encoding,
    delimiter: row.delimiter as ImportProfile["delimiter"],
    hasHeader: row.has_header === 1,
    columns: Object.fromEntries(PROFILE_COLUMNS.map((c) => [c, stored[c] ?? null])) as Record<
      ProfileColumn,
      string | null
    >,
    dateFormat: row.date_format,
    volumeDivisor: row.volume_divisor,
    decimalComma: row.decimal_comma === 1,
    currency: row.currency,
    timeZone: row.time_zone,
  };
}

function profileQuery(db: Kysely<Database>) {
  return db
    .selectFrom("import_profiles")
    .innerJoin("brokers", "brokers.id", "import_profiles.broker_id")
    .select([
      "import_profiles.id",
      "import_profiles.broker_id",
      "brokers.code",
      "import_profiles.name",
      "import_profiles.encoding",
      "import_profiles.delimiter",
      "import_profiles.has_header",
      "import_profiles.columns",
      "import_profiles.date_format",
      "import_profiles.volume_divisor",
      "import_profiles.decimal_comma",
      "import_profiles.currency",
      "import_profiles.time_zone",
    ]);
}

/** Every profile, with its broker's name, by broker and name. */
export async function listProfiles(db: Kysely<Database>) {
  const rows = await profileQuery(db)
    .select(["brokers.name as brokerName"])
    .orderBy("brokers.display_order")
    .orderBy("import_profiles.name")
    .execute();
  return rows.map((r) => ({ ...toProfile(r), brokerName: r.brokerName }));
}

export async function getProfile(db: Kysely<Database>, id: string): Promise<ImportProfile> {
  const row = found(await profileQuery(db).where("import_profiles.id", "=", id).executeTakeFirst());
  return toProfile(row);
}

/** A profile's row: its report columns are stored as one JSON object, every name present. */
function profileColumns({ columns, ...profile }: ProfileInput) {
  const named = Object.fromEntries(PROFILE_COLUMNS.map((c) => [c, columns[c] || null]));
  return { ...columnsOf(profile), columns: JSON.stringify(named) };
}

/** Creates (no id) or replaces a profile, audited with its values. */
export async function saveProfile(
  db: Db,
  adminId: string,
  input: ProfileInput & { id?: string | undefined },
): Promise<{ id: string }> {
  const { id: given, ...profile } = input;
  if (!(await brokerExists(db.kysely, profile.brokerId))) throw fieldError("brokerId", "required");
  const values = profileColumns(profile);
  const now = nowDb();
  return db.kysely.transaction().execute(async (trx) => {
    let id = given;
    if (id) {
      const updated = await trx
        .updateTable("import_profiles")
        .set({ ...values, updated_by: adminId, updated_at: now })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw notFound();
    } else {
      id = newId();
      await trx
        .insertInto("import_profiles")
        .values({ id, ...values, updated_by: adminId, created_at: now, updated_at: now })
        .execute();
    }
    await recordAudit(trx, {
      actorId: adminId,
      action: given ? "import.profile.update" : "import.profile.create",
      targetType: "import_profile",
      targetId: id,
      data: { after: values },
    });
    return { id };
  });
}

export async function deleteProfile(db: Db, adminId: string, id: string) {
  await db.kysely.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom("import_profiles").where("id", "=", id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw notFound();
    await recordAudit(trx, {
      actorId: adminId,
      action: "import.profile.delete",
      targetType: "import_profile",
      targetId: id,
    });
  });
}

/** Profiles named in the refusal of a file no profile fits, closest first. */
const CLOSEST = 3;

/**
 * The profile an upload is read with: the one the admin chose ("builtin" for the present
 * shape), else the one whose header the file's first row matches, read in the file's own
 * encoding. Several, and the admin is asked to choose (`import.chooseProfile`, with the
 * candidates' names). None, and the file is read as the present shape when its header fits
 * that; otherwise the refusal says no profile fits, names the closest profiles with the columns
 * each misses, and gives what a new profile for the file needs (its header, delimiter and
 * encoding). A profile whose encoding is not the file's is refused as such
 * (`import.wrongEncoding`), never read into replacement characters.
 */
export async function pickProfile(
  db: Kysely<Database>,
  content: Uint8Array | ReportBytes,
  chosen: string | undefined,
): Promise<ImportProfile | null> {
  if (chosen === BUILTIN) return null;
  if (chosen) {
    const row = await profileQuery(db).where("import_profiles.id", "=", chosen).executeTakeFirst();
    if (!row) throw new AppError("BAD_REQUEST", "import.profileGone");
    return toProfile(row);
  }
  const profiles = (await profileQuery(db).orderBy("import_profiles.name").execute()).map(
    toProfile,
  );
  const found = await detectEncoding(content);
  // The file's own encoding reads its header; plain ASCII reads the same in either.
  const encoding: Encoding | null =
    found === "ascii" ? null : typeof found === "string" ? found : null;
  const source = content instanceof Uint8Array ? bytesSource(content) : content.pieces;
  const matches: (ImportProfile | null)[] = [];
  const headers = new Map<string, string[] | null>();
  const header = async (delimiter: string) => {
    if (!headers.has(delimiter)) {
      headers.set(
        delimiter,
        typeof found === "object"
          ? null
          : await firstRecord(source, encoding ?? "utf-8", delimiter).catch(() => null),
      );
    }
    return headers.get(delimiter) ?? null;
  };
  const near: { name: string; missing: string[] }[] = [];
  for (const p of profiles) {
    if (!p.hasHeader) continue;
    const cells = await header(p.delimiter);
    if (!cells) continue;
    const resolved = resolveColumns(p, cells);
    if ("index" in resolved) matches.push(p);
    else near.push({ name: p.name, missing: resolved.missing });
  }
  const builtin = await checkReportHeader(source).then(
    () => true,
    () => false,
  );
  if (builtin) matches.push(null);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    // The candidates' ids let the upload form offer exactly them to pick from (names may
    // repeat); the refusal is about the profile choice, which the form marks with it.
    throw new AppError(
      "BAD_REQUEST",
      "import.chooseProfile",
      {
        names: matches.map((m) => m?.name ?? BUILTIN).join(", "),
        ids: matches.map((m) => m?.id ?? BUILTIN).join(","),
      },
      "profileId",
    );
  }
  if (typeof found === "object") {
    throw new AppError("BAD_REQUEST", "import.unknownEncoding", {
      found: encodingName(found.other),
    });
  }
  // No profile at all: the present shape's own refusal names the columns it lacks.
  if (profiles.length === 0) return null;
  const delimiter = guessDelimiter(await header(","), await header(";"), await header("\t"));
  const cells = (await header(delimiter)) ?? [];
  near.sort((a, b) => a.missing.length - b.missing.length);
  throw new AppError("BAD_REQUEST", "import.noProfileFits", {
    closest: near
      .slice(0, CLOSEST)
      .map((n) => `${n.name} (${n.missing.join(", ")})`)
      .join("; "),
    header: cells
      .map((c) => c.trim().slice(0, 40))
      .slice(0, 30)
      .join(delimiter === "\t" ? "\t" : delimiter),
    delimiter: delimiter === "\t" ? "tab" : delimiter,
    encoding: encoding ?? "utf-8",
  });
}

/** The delimiter that splits the header into the most cells. */
function guessDelimiter(comma: string[] | null, semicolon: string[] | null, tab: string[] | null) {
  const options: [string, number][] = [
    [",", comma?.length ?? 0],
    [";", semicolon?.length ?? 0],
    ["\t", tab?.length ?? 0],
  ];
  return options.reduce((best, o) => (o[1] > best[1] ? o : best))[0];
}

/** Rows a profile preview shows from a sample. */
const SAMPLE_ROWS = 20;

/** What the sample preview answers: the first rows as read, or why the file cannot be read. */
export interface SampleAnswer {
  rows: {
    line: number;
    account: string;
    tradeDate: string;
    lotsMilli: number;
    commission: string;
    currency: string;
    symbol: string | null;
    rowKey: string;
  }[];
  refusal: { key: string; params: Record<string, string | number> } | null;
}

/**
 * A profile tried on a sample of its report before it is saved: the first rows as the import
 * would read them, or the refusal (the line, column and value that do not parse).
 */
export async function sampleProfile(
  profile: Omit<ImportProfile, "id" | "brokerCode" | "name">,
  content: Uint8Array,
): Promise<SampleAnswer> {
  const full: ImportProfile = { ...profile, id: "", name: "", brokerCode: "" };
  const rows: SampleAnswer["rows"] = [];
  try {
    // The whole sample is read (a value that does not parse is found wherever it is); the
    // first rows are shown.
    for await (const batch of readReport(bytesSource(content), SAMPLE_ROWS, full)) {
      for (const item of batch) {
        if (isReportError(item) || rows.length >= SAMPLE_ROWS) continue;
        rows.push({
          line: item.line,
          account: item.accountNumber,
          tradeDate: item.tradeDate,
          lotsMilli: item.lotsMilli,
          commission: fromX10000(item.commissionX10000 ?? 0n),
          currency: item.currency,
          symbol: item.symbol ?? null,
          rowKey: item.rowKey,
        });
      }
    }
  } catch (error) {
    if (error instanceof ReportFileError)
      return { rows, refusal: { key: `import.${error.key}`, params: error.params } };
    throw error;
  }
  return { rows, refusal: null };
}

/** Ten-thousandths as a decimal ("123456" → "12.3456"). */
function fromX10000(v: bigint): string {
  const whole = v / 10_000n;
  const frac = (v % 10_000n).toString().padStart(4, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
}
