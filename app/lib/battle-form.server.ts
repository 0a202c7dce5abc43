import { json } from "@remix-run/node";
import { type FormFailure, formValues } from "./forms.server";
import { readForm } from "./refusals.server";

/**
 * The admin's battle form as the battles procedures' input: the title, the period and the
 * prize rows (repeated prizeRank / prizeAmount fields, in the form's order). The schema on the
 * server judges every value; here they are only read.
 */
export async function readBattleForm(request: Request) {
  const form = await readForm(request);
  const values = formValues(form, ["intent", "title", "titleEn", "startsOn", "endsOn"] as const);
  const ranks = form.getAll("prizeRank").map(String);
  const amounts = form.getAll("prizeAmount").map(String);
  const prizes = ranks.map((rank, i) => ({ rank, amount: amounts[i] ?? "" }));
  return {
    values,
    prizes,
    battle: {
      title: values.title,
      titleEn: values.titleEn,
      startsOn: values.startsOn,
      endsOn: values.endsOn,
      // Strings from the form: the schema coerces and judges them.
      prizes: prizes as unknown as { rank: number; amount: number }[],
    },
  };
}

/** A refusal with the typed prize rows echoed back, so nothing the admin typed is lost. */
export async function refusalWithPrizes(
  response: Response,
  prizes: { rank: string; amount: string }[],
) {
  const body = (await response.json()) as FormFailure;
  return json({ ...body, prizes }, { status: response.status });
}
