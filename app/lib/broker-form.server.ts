import { fileBytes } from "./upload.server";
import { formValues, isChecked, readRecordForm } from "./forms.server";

const RATE_FIELD = /^rates\.(\d{1,3})\.(accountType|kind|value)$/;

/**
 * The terms part of the form: the rate rows (named rates.<n>.<field>; rows the admin removed
 * leave gaps, wholly blank spare rows are dropped) renumbered from 0, so a refused row's
 * error lands on the row shown at that place.
 */
function readTerms(form: FormData) {
  const byIndex = new Map<number, Record<string, string>>();
  for (const [name, value] of form.entries()) {
    const m = RATE_FIELD.exec(name);
    if (!m || typeof value !== "string") continue;
    const row = byIndex.get(Number(m[1])) ?? {};
    row[m[2]!] = value;
    byIndex.set(Number(m[1]), row);
  }
  const rates = [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, r]) => ({
      accountType: r.accountType ?? "",
      kind: r.kind ?? "",
      value: r.value ?? "",
    }))
    .filter((r) => r.accountType.trim() !== "" || r.value.trim() !== "");
  return {
    ...formValues(form, ["conditions", "conditionsEn", "creditCycle", "creditDay", "ratesFrom"]),
    rates,
  };
}

const TEXT_FIELDS = [
  "name",
  "code",
  "accountKind",
  "idCharset",
  "idMinLength",
  "idMaxLength",
  "signupUrl",
  "displayOrder",
] as const;

/**
 * The broker form (it carries the logo and banner) as the brokers procedures' input. Only the
 * text fields are echoed after a refusal: the flags fall back to the record's own.
 */
export async function readBrokerForm(request: Request) {
  const read = await readRecordForm(request, {
    fields: TEXT_FIELDS,
    flags: ["autoRebate", "active"],
  });
  if (!read.ok) return read;
  const { form } = read;
  const terms = readTerms(form);
  return {
    ok: true as const,
    // The rows go back to a refused form as JSON, numbered as the procedure numbered them.
    values: {
      ...read.text,
      conditions: terms.conditions,
      conditionsEn: terms.conditionsEn,
      creditCycle: terms.creditCycle,
      creditDay: terms.creditDay,
      ratesFrom: terms.ratesFrom,
      rates: JSON.stringify(terms.rates),
    },
    broker: { ...read.record, terms },
    images: {
      logo: await fileBytes(form, "logo"),
      banner: await fileBytes(form, "banner"),
      removeLogo: isChecked(form, "removeLogo"),
      removeBanner: isChecked(form, "removeBanner"),
    },
  };
}
