import PlusIcon from "@heroicons/react/20/solid/PlusIcon";
import TrashIcon from "@heroicons/react/20/solid/TrashIcon";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, type FormErrorShape, SubmitButton } from "#app/components/ui/form";
import { FormErrorAlert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { focusRing } from "#app/components/shell/styles";
import { buttonClass } from "#app/components/ui/button";
import { BilingualField } from "#app/components/admin/BilingualField";
import { bilingualSides } from "#app/components/admin/EntityForm";
import { schemaLimits } from "#app/lib/constraint";
import { battleInput } from "#domain/battle";

export interface PrizeRowValue {
  rank: string;
  amount: string;
}

export interface BattleFormValues {
  title: string;
  titleEn: string;
  startsOn: string;
  endsOn: string;
  prizes: PrizeRowValue[];
}

export const EMPTY_BATTLE: BattleFormValues = {
  title: "",
  titleEn: "",
  startsOn: "",
  endsOn: "",
  prizes: [
    { rank: "1", amount: "" },
    { rank: "2", amount: "" },
    { rank: "3", amount: "" },
  ],
};

/** What a refused battle form sends back: the fields as typed, the prize rows as JSON. */
interface RefusedBattle {
  values: Record<string, string>;
}

/** The prize rows a refusal echoed (none when there are none to read). */
function echoedPrizes(json: string | undefined): PrizeRowValue[] {
  try {
    const rows: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(rows)
      ? rows.map((r: Partial<PrizeRowValue>) => ({
          rank: String(r?.rank ?? ""),
          amount: String(r?.amount ?? ""),
        }))
      : [];
  } catch {
    return [];
  }
}

/**
 * The battle as the admin typed it before the refusal, to show again (`noPrizes`: the rows to
 * offer when none were typed), and the form's key, so a new refusal remounts it with them.
 */
export function typedBattle(failure: RefusedBattle, noPrizes: PrizeRowValue[] = []) {
  const { values } = failure;
  const prizes = echoedPrizes(values.prizes);
  const battle: BattleFormValues = {
    title: values.title ?? "",
    titleEn: values.titleEn ?? "",
    startsOn: values.startsOn ?? "",
    endsOn: values.endsOn ?? "",
    prizes: prizes.length ? prizes : noPrizes,
  };
  return { battle, key: JSON.stringify(values) };
}

/** A field's error key: the schema names nested fields by path ("battle.prizes.0.amount"). */
function errorKey(error: FormErrorShape | null, name: string): string | null {
  if (!error) return null;
  return error.fieldErrors[name] ?? error.fieldErrors[`battle.${name}`] ?? null;
}

const cell =
  "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2 dark:bg-slate-800 dark:text-slate-100";
const ok =
  "border-slate-300 focus:border-emerald-600 focus:ring-emerald-600/30 dark:border-slate-600";
const bad = "border-red-500 focus:border-red-500 focus:ring-red-500/30";

/** A prize row's two inputs: the rank (narrow) and its yen amount (the rest of the row). */
const PRIZE_INPUTS = [
  { field: "rank", name: "prizeRank", width: "w-20 shrink-0" },
  { field: "amount", name: "prizeAmount", width: "min-w-0 flex-1" },
] as const;

/** Create / edit a battle: title, period (Tokyo dates) and the prize table (rank → yen). */
export function BattleForm({
  initial,
  error,
  submitLabel,
}: {
  initial: BattleFormValues;
  error: FormErrorShape | null;
  submitLabel: string;
}) {
  const { t } = useTranslation(["battle", "errors"]);
  const [rows, setRows] = useState<(PrizeRowValue & { key: number })[]>(() =>
    initial.prizes.map((p, i) => ({ ...p, key: i })),
  );
  const [nextKey, setNextKey] = useState(initial.prizes.length);
  const message = (name: string, label: string) => {
    const key = errorKey(error, name);
    if (!key) return null;
    return t(`battle:fieldErrors.${key}`, {
      defaultValue: t(`errors:field.${key}`, { field: label }),
    });
  };
  const fieldLabel = (name: string) => t(`battle:admin.fields.${name}`);
  const tableError = message("prizes", fieldLabel("prizes"));
  const rowError = (i: number) =>
    message(`prizes.${i}.rank`, fieldLabel("rank")) ??
    message(`prizes.${i}.amount`, fieldLabel("amount"));
  const update = (key: number, patch: Partial<PrizeRowValue>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <>
      <FormErrorAlert error={error?.key?.startsWith("battle.") ? null : error} />
      <Form
        method="post"
        noValidate
        data-testid="battle-form"
        className={`${card} grid gap-4 p-4 sm:grid-cols-2 sm:p-6`}
      >
        <BilingualField
          field={bilingualSides(
            t,
            "title",
            fieldLabel("title"),
            { ...initial },
            message,
            schemaLimits(battleInput),
          )}
        />
        {/* The period's two ends: the same date input, both required. */}
        {(["startsOn", "endsOn"] as const).map((end) => (
          <Field
            key={end}
            name={end}
            type="date"
            label={fieldLabel(end)}
            defaultValue={initial[end]}
            required
            hint={t("battle:admin.hints.period")}
            error={message(end, fieldLabel(end))}
          />
        ))}
        <fieldset className="space-y-2 sm:col-span-2" aria-describedby="prize-hint">
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {fieldLabel("prizes")}
          </legend>
          <p id="prize-hint" className="text-xs text-slate-500 dark:text-slate-400">
            {t("battle:admin.hints.prizes")}
          </p>
          {tableError && (
            <p className="text-sm text-red-600 dark:text-red-400" data-testid="error-prizes">
              {tableError}
            </p>
          )}
          <ol className="space-y-2" data-testid="prize-rows">
            {rows.map((row, i) => {
              const err = rowError(i);
              return (
                <li key={row.key} className="space-y-1">
                  <div className="flex items-end gap-2">
                    {PRIZE_INPUTS.map(({ field, name, width }) => (
                      <div key={field} className={width}>
                        <label
                          htmlFor={`prize-${field}-${row.key}`}
                          className={
                            i === 0 ? "block text-xs text-slate-600 dark:text-slate-300" : "sr-only"
                          }
                        >
                          {fieldLabel(field)}
                        </label>
                        <input
                          id={`prize-${field}-${row.key}`}
                          name={name}
                          inputMode="numeric"
                          value={row[field]}
                          onChange={(e) => update(row.key, { [field]: e.target.value })}
                          aria-invalid={err ? true : undefined}
                          className={`mt-1 ${cell} ${err ? bad : ok}`}
                        />
                      </div>
                    ))}
                    <button
                      type="button"
                      onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
                      disabled={rows.length <= 1}
                      aria-label={t("battle:admin.removeRank", { rank: row.rank || i + 1 })}
                      className={`mb-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md border border-slate-300 text-slate-600 hover:bg-slate-50 disabled:opacity-40 dark:border-slate-600 dark:text-slate-300 dark:hover:bg-slate-800 ${focusRing}`}
                    >
                      <TrashIcon className="h-4 w-4" aria-hidden="true" />
                    </button>
                  </div>
                  {err && (
                    <p
                      className="text-sm text-red-600 dark:text-red-400"
                      data-testid="error-prize-row"
                    >
                      {err}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
          <button
            type="button"
            data-testid="add-rank"
            onClick={() => {
              const highest = Math.max(0, ...rows.map((r) => Number(r.rank) || 0));
              setRows((rs) => [...rs, { key: nextKey, rank: String(highest + 1), amount: "" }]);
              setNextKey((k) => k + 1);
            }}
            className={buttonClass({ variant: "secondary" })}
          >
            <PlusIcon className="h-4 w-4" aria-hidden="true" />
            {t("battle:admin.addRank")}
          </button>
        </fieldset>
        <div className="sm:col-span-2">
          <SubmitButton>{submitLabel}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
