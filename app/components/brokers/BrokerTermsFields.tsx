import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button";
import { BilingualField } from "#app/components/admin/BilingualField";
import { bilingualSides } from "#app/components/admin/EntityForm";
import { schemaLimits } from "#app/lib/constraint";
import { Field, type FormErrorShape, SelectField } from "#app/components/ui/form";
import { RateChanges } from "#app/components/brokers/rates";
import {
  BLANK_RATE_ROWS,
  fromHundredths,
  MAX_RATES,
  RATE_KINDS,
  type Rate,
} from "#domain/broker-terms";
import { brokerTermsInput } from "#domain/broker";

/** The terms part of the broker form, as strings (what the admin typed or what is saved). */
export interface TermsFormValues {
  conditions: string;
  conditionsEn: string;
  creditCycle: string;
  creditDay: string;
  /** The day a change of rates takes effect (blank: today). */
  ratesFrom: string;
  rates: { accountType: string; kind: string; value: string }[];
  /** The saved card's changes (display only): what changed and when, scheduled ones too. */
  changes?: { from: string; scheduled: boolean; rates: Rate[] }[];
}

export const EMPTY_TERMS: TermsFormValues = {
  conditions: "",
  conditionsEn: "",
  creditCycle: "",
  creditDay: "",
  ratesFrom: "",
  rates: [],
};

/**
 * The form's starting terms: what a refused save sent (echoed, the rows as JSON), else the
 * broker's saved terms.
 */
export function termsInitial(
  saved: {
    conditions: string;
    conditionsEn: string;
    creditCycle: string | null;
    creditDay: number | null;
    rates: Rate[];
    changes?: TermsFormValues["changes"];
  } | null,
  echoed: Record<string, string>,
): TermsFormValues {
  const fromSaved: TermsFormValues = saved
    ? {
        conditions: saved.conditions,
        conditionsEn: saved.conditionsEn,
        creditCycle: saved.creditCycle ?? "",
        creditDay: saved.creditDay === null ? "" : String(saved.creditDay),
        ratesFrom: "",
        changes: saved.changes ?? [],
        rates: saved.rates.map((r) => ({
          accountType: r.accountType,
          kind: r.kind,
          value: fromHundredths(r.valueX100),
        })),
      }
    : EMPTY_TERMS;
  if (echoed.rates === undefined) return fromSaved;
  let rates: TermsFormValues["rates"] = [];
  try {
    rates = JSON.parse(echoed.rates) as TermsFormValues["rates"];
  } catch {
    rates = fromSaved.rates;
  }
  return {
    conditions: echoed.conditions ?? "",
    conditionsEn: echoed.conditionsEn ?? "",
    creditCycle: echoed.creditCycle ?? "",
    creditDay: echoed.creditDay ?? "",
    ratesFrom: echoed.ratesFrom ?? "",
    changes: fromSaved.changes ?? [],
    rates,
  };
}

const WEEKDAYS = [1, 2, 3, 4, 5] as const;
let nextRowId = 0;
/** A row with a stable key, so removing one keeps what was typed in the others. */
const keyed = (row: TermsFormValues["rates"][number]) => ({ ...row, id: nextRowId++ });
const blank = () => keyed({ accountType: "", kind: "jpy_per_lot", value: "" });

/**
 * Rates per account type (rows: add and remove with JavaScript; without it the form offers
 * spare rows, and blank rows are ignored), the conditions in Japanese and English, and the
 * crediting schedule (none, monthly on a day, weekly on a weekday).
 */
export function BrokerTermsFields({
  initial,
  error,
}: {
  initial: TermsFormValues;
  error: FormErrorShape | null;
}) {
  const { t } = useTranslation(["admin", "errors", "common"]);
  const [rows, setRows] = useState(() => [
    ...initial.rates.map(keyed),
    ...Array.from({ length: initial.rates.length === 0 ? BLANK_RATE_ROWS : 0 }, blank),
  ]);
  const [cycle, setCycle] = useState(initial.creditCycle);
  const label = (name: string) => t(`admin:brokers.terms.${name}`);
  const fieldError = (path: string, labelKey: string): string | null => {
    const key = error?.fieldErrors[`terms.${path}`];
    return key ? t(`errors:field.${key}`, { field: label(labelKey) }) : null;
  };
  const ratesError = fieldError("rates", "rates");

  return (
    <fieldset className="space-y-4 sm:col-span-2" data-testid="broker-terms">
      <legend className="mb-2 text-base font-semibold">{label("title")}</legend>
      <div className="space-y-3">
        <p className="text-sm font-semibold">{label("rates")}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{label("ratesHint")}</p>
        {ratesError && <p className="text-sm text-red-700 dark:text-red-300">{ratesError}</p>}
        <ol className="space-y-3">
          {rows.map((row, i) => (
            <li
              key={row.id}
              className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[2fr_2fr_1fr_auto] sm:items-start dark:border-slate-700"
              data-testid="rate-row"
            >
              <Field
                name={`rates.${i}.accountType`}
                label={label("accountType")}
                defaultValue={row.accountType}
                error={fieldError(`rates.${i}.accountType`, "accountType")}
              />
              <SelectField
                name={`rates.${i}.kind`}
                label={label("kind")}
                defaultValue={row.kind}
                error={fieldError(`rates.${i}.kind`, "kind")}
              >
                {RATE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`admin:brokers.terms.kinds.${k}`)}
                  </option>
                ))}
              </SelectField>
              <Field
                name={`rates.${i}.value`}
                label={label("value")}
                inputMode="decimal"
                autoComplete="off"
                defaultValue={row.value}
                error={fieldError(`rates.${i}.value`, "value")}
              />
              <Button
                variant="secondary"
                size="sm"
                className="sm:mt-6"
                onClick={() => setRows((list) => list.filter((r) => r.id !== row.id))}
                aria-label={t("admin:brokers.terms.removeRow", { n: i + 1 })}
              >
                {label("remove")}
              </Button>
            </li>
          ))}
        </ol>
        {rows.length < MAX_RATES && (
          <Button variant="secondary" onClick={() => setRows((list) => [...list, blank()])}>
            {label("addRow")}
          </Button>
        )}
        <Field
          name="ratesFrom"
          type="date"
          label={label("ratesFrom")}
          defaultValue={initial.ratesFrom}
          hint={label("ratesFromHint")}
          error={fieldError("ratesFrom", "ratesFrom")}
          className="sm:max-w-xs"
        />
        {initial.changes && initial.changes.length > 0 && (
          <section aria-label={label("versions")}>
            <RateChanges changes={initial.changes} />
          </section>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="creditCycle"
          label={label("creditCycle")}
          value={cycle}
          onChange={(e) => setCycle(e.target.value)}
          error={fieldError("creditCycle", "creditCycle")}
        >
          <option value="">{label("cycles.none")}</option>
          <option value="monthly">{label("cycles.monthly")}</option>
          <option value="weekly">{label("cycles.weekly")}</option>
        </SelectField>
        {cycle === "weekly" ? (
          <SelectField
            name="creditDay"
            label={label("weekday")}
            defaultValue={initial.creditCycle === "weekly" ? initial.creditDay : "5"}
            error={fieldError("creditDay", "weekday")}
          >
            {WEEKDAYS.map((d) => (
              <option key={d} value={String(d)}>
                {t(`admin:brokers.terms.weekdays.${d}`)}
              </option>
            ))}
          </SelectField>
        ) : cycle === "monthly" ? (
          <Field
            name="creditDay"
            label={label("monthDay")}
            inputMode="numeric"
            autoComplete="off"
            defaultValue={initial.creditCycle === "monthly" ? initial.creditDay : ""}
            hint={label("monthDayHint")}
            error={fieldError("creditDay", "monthDay")}
          />
        ) : null}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">{label("scheduleHint")}</p>

      <BilingualField
        field={bilingualSides(
          t,
          "conditions",
          label("conditions"),
          { ...initial },
          (name, text) => {
            const key = error?.fieldErrors[`terms.${name}`];
            return key ? t(`errors:field.${key}`, { field: text }) : null;
          },
          schemaLimits(brokerTermsInput),
        )}
        rows={4}
      />
    </fieldset>
  );
}
