import type { z } from "zod";
import { brokerFormInput } from "#domain/broker";
import { type FormReading, isChecked } from "#app/lib/forms.server";
import { fileBytes } from "#app/lib/upload.server";

const RATE_FIELD = /^rates\.(\d{1,3})\.(accountType|kind|value)$/;

/** A text field as sent; one not sent is blank (the schema says whether it may be). */
function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

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
    conditions: text(form, "conditions"),
    conditionsEn: text(form, "conditionsEn"),
    creditCycle: text(form, "creditCycle"),
    creditDay: text(form, "creditDay"),
    ratesFrom: text(form, "ratesFrom"),
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

function textFields(form: FormData) {
  return Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(form, name)])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >;
}

/**
 * How the broker form (multipart: it carries the logo and banner) is read: its fields and rate
 * rows as the brokers procedures' input, parsed with their schema. Only the text fields and
 * the terms are echoed after a refusal (the rows as JSON, numbered as the schema numbered
 * them): the yes/no flags fall back to the record's own.
 */
export const BROKER_FORM: FormReading<z.input<typeof brokerFormInput>> = {
  files: true,
  shape: (form) => ({
    ...textFields(form),
    autoRebate: isChecked(form, "autoRebate"),
    active: isChecked(form, "active"),
    terms: readTerms(form),
  }),
  echo: (form) => {
    const { rates, ...terms } = readTerms(form);
    return { ...textFields(form), ...terms, rates: JSON.stringify(rates) };
  },
};

export { brokerFormInput };

/** The logo and banner: new files, or the wish to remove the current ones. */
export async function brokerImages(form: FormData) {
  return {
    logo: await fileBytes(form, "logo"),
    banner: await fileBytes(form, "banner"),
    removeLogo: isChecked(form, "removeLogo"),
    removeBanner: isChecked(form, "removeBanner"),
  };
}
