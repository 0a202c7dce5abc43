import type { z } from "zod";
import { battleInput } from "#domain/battle";
import type { FormReading } from "#app/lib/forms.server";

/** A text field as sent; one not sent is blank (the schema says whether it may be). */
function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The prize rows: the repeated prizeRank / prizeAmount fields, paired in the form's order. */
function prizeRows(form: FormData) {
  const ranks = form.getAll("prizeRank").map(String);
  const amounts = form.getAll("prizeAmount").map(String);
  return ranks.map((rank, i) => ({ rank, amount: amounts[i] ?? "" }));
}

function battleFields(form: FormData) {
  return {
    title: text(form, "title"),
    titleEn: text(form, "titleEn"),
    startsOn: text(form, "startsOn"),
    endsOn: text(form, "endsOn"),
  };
}

/**
 * How the admin's battle form is read: the title, the period and the prize rows as the battles
 * procedures' input, parsed with their schema. A refusal echoes the fields and the rows as
 * typed (the rows as JSON), so nothing the admin typed is lost.
 */
export const BATTLE_FORM: FormReading<z.input<typeof battleInput>> = {
  shape: (form) => ({ ...battleFields(form), prizes: prizeRows(form) }),
  echo: (form) => ({ ...battleFields(form), prizes: JSON.stringify(prizeRows(form)) }),
};

export { battleInput };
