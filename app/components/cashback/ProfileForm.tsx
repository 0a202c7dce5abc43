import { Form, useActionData } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LabelledOptions } from "#app/components/admin/LabelledOptions";
import { type RecordFormProps, useRecordForm } from "#app/components/admin/EntityForm";
import { focusRing } from "#app/components/shell/styles";
import { Alert, answerNumber, FormErrorAlert } from "#app/components/ui/Alert";
import { buttonClass } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import {
  CheckboxField,
  Field,
  fileInputClass,
  type FormErrorShape,
  hintClass,
  labelClass,
  SelectField,
  SubmitButton,
} from "#app/components/ui/form";
import {
  type ImportProfile,
  MT_SERVER_ZONE,
  PROFILE_COLUMNS,
  PROFILE_CURRENCIES,
  PROFILE_ENCODINGS,
  profileFields,
  TOKYO_ZONE,
} from "#domain/import-profile";
import type { SampleAnswer } from "#server/features/cashback/profiles";

/** The editor's values as the form holds them: the columns by their path, the tab as "tab". */
export type ProfileFormValues = Record<string, string | boolean>;

export const EMPTY_PROFILE: ProfileFormValues = {
  name: "",
  brokerId: "",
  encoding: "utf-8",
  delimiter: ",",
  hasHeader: true,
  ...Object.fromEntries(PROFILE_COLUMNS.map((c) => [`columns.${c}`, ""])),
  dateFormat: "yyyy-MM-dd",
  volumeDivisor: "1",
  decimalComma: false,
  currency: "JPY",
  timeZone: TOKYO_ZONE,
};

/** A saved profile as the editor's values. */
export function profileValues(p: ImportProfile): ProfileFormValues {
  return {
    name: p.name,
    brokerId: p.brokerId,
    encoding: p.encoding,
    delimiter: p.delimiter === "\t" ? "tab" : p.delimiter,
    hasHeader: p.hasHeader,
    ...Object.fromEntries(PROFILE_COLUMNS.map((c) => [`columns.${c}`, p.columns[c] ?? ""])),
    dateFormat: p.dateFormat,
    volumeDivisor: String(p.volumeDivisor),
    decimalComma: p.decimalComma,
    currency: p.currency,
    timeZone: p.timeZone ?? TOKYO_ZONE,
  };
}

/** Zones offered for a report's times (any IANA zone or "+02:00" may be typed). */
const ZONE_SUGGESTIONS = [
  TOKYO_ZONE,
  MT_SERVER_ZONE,
  "UTC",
  "Europe/Athens",
  "Europe/London",
  "+02:00",
  "+03:00",
];

export type ProfileAnswer =
  | { ok: false; error: FormErrorShape; values: Record<string, string> }
  | { ok: true; sample: SampleAnswer; values: Record<string, string> }
  | undefined;

/**
 * The editor's answer from its action: the values to type back in (after a preview or a
 * refusal; checkboxes echo as "on" or ""), the refusal, and the sample's preview.
 */
export function useProfileAnswer(initial: ProfileFormValues) {
  const answer = useActionData() as ProfileAnswer;
  const echoed = answer?.values ?? {};
  const values: ProfileFormValues = { ...initial };
  for (const [k, v] of Object.entries(echoed)) {
    values[k] = typeof initial[k] === "boolean" ? v === "on" : v;
  }
  return {
    values,
    error: answer && !answer.ok ? answer.error : null,
    sample: answer?.ok ? answer.sample : null,
    answer,
  };
}

const DELIMITERS = [",", ";", "tab"] as const;
const REQUIRED = new Set(["account", "tradeDate", "volume", "commission"]);

/**
 * Create / edit an import profile and try it on a sample before saving: the
 * sample section's file and button belong to the same form (the `form` attribute), so the
 * preview reads the values as they are, and Enter in a field still saves (the form's first
 * submit button is Save).
 */
export function ProfileForm({
  initial,
  brokers,
  error: refused,
  sample,
  submitLabel,
  header = [],
}: RecordFormProps<ProfileFormValues> & {
  brokers: { id: string; name: string }[];
  sample: SampleAnswer | null;
  /** The header of a file no profile fitted: its words are offered for the columns. */
  header?: string[];
}) {
  const { t } = useTranslation(["cashback", "errors"]);
  const formId = useId();
  const columnsHintId = useId();
  const headerListId = useId();
  const zoneListId = useId();
  const { form, fieldError, text, numeric, flag } = useRecordForm(refused, {
    labels: "cashback:profiles.fields",
    initial,
    // The form also asks for a preview of a sample: the server alone judges it.
    schema: profileFields,
    check: false,
  });
  const str = (name: string) => String(initial[name] ?? "");

  return (
    <>
      <FormErrorAlert {...form.summary} />
      <Form
        method="post"
        encType="multipart/form-data"
        {...form.formProps}
        id={formId}
        className={`${card} grid gap-4 p-4 sm:grid-cols-2 sm:p-6`}
        data-testid="profile-form"
      >
        <Field {...text("name")} hint={t("cashback:profiles.hints.name")} />
        <SelectField {...text("brokerId")} hint={t("cashback:profiles.hints.brokerId")} required>
          <option value="">—</option>
          {brokers.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
        <SelectField {...text("encoding")}>
          <LabelledOptions values={PROFILE_ENCODINGS} labels="cashback:profiles.encodings" />
        </SelectField>
        <SelectField {...text("delimiter")}>
          <LabelledOptions values={DELIMITERS} labels="cashback:profiles.delimiters" />
        </SelectField>
        <div className="sm:col-span-2">
          <CheckboxField {...flag("hasHeader")} />
        </div>

        <fieldset className="sm:col-span-2" aria-describedby={columnsHintId}>
          <legend className="text-sm font-semibold text-slate-900 dark:text-white">
            {t("cashback:profiles.columnsLegend")}
          </legend>
          <p id={columnsHintId} className={`mt-1 ${hintClass}`}>
            {t("cashback:profiles.hints.column")}
          </p>
          {header.length > 0 && (
            <p className={`mt-1 ${hintClass} [overflow-wrap:anywhere]`} data-testid="file-header">
              {t("cashback:profiles.fileHeader", { header: header.join(" · ") })}
            </p>
          )}
          <datalist id={headerListId}>
            {header.map((h) => (
              <option key={h} value={h} />
            ))}
          </datalist>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {PROFILE_COLUMNS.map((c) => {
              const name = `columns.${c}`;
              const label = t(`cashback:profiles.fields.${c}`);
              return (
                <Field
                  {...form.limits(name)}
                  key={c}
                  name={name}
                  label={label}
                  defaultValue={str(name)}
                  required={REQUIRED.has(c)}
                  autoComplete="off"
                  spellCheck={false}
                  list={header.length > 0 ? headerListId : undefined}
                  hint={
                    c === "rowKey" || c === "currency"
                      ? t(`cashback:profiles.hints.${c}`)
                      : undefined
                  }
                  error={fieldError(name, label)}
                />
              );
            })}
          </div>
        </fieldset>

        <Field
          {...text("dateFormat")}
          autoComplete="off"
          spellCheck={false}
          hint={t("cashback:profiles.hints.dateFormat")}
        />
        <Field {...numeric("volumeDivisor")} required />
        <Field
          {...text("timeZone")}
          autoComplete="off"
          spellCheck={false}
          list={zoneListId}
          hint={t("cashback:profiles.hints.timeZone")}
        />
        <datalist id={zoneListId}>
          {ZONE_SUGGESTIONS.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <SelectField
          name="currency"
          label={t("cashback:profiles.fields.commissionCurrency")}
          defaultValue={str("currency")}
          hint={t("cashback:profiles.hints.commissionCurrency")}
          error={fieldError("currency", t("cashback:profiles.fields.commissionCurrency"))}
        >
          {PROFILE_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <div>
          <CheckboxField {...flag("decimalComma")} />
        </div>
        <div className="sm:col-span-2">
          <SubmitButton>{submitLabel}</SubmitButton>
        </div>
      </Form>
      <SampleSection formId={formId} sample={sample} error={fieldError("sample")} />
    </>
  );
}

/**
 * The preview on a sample: its file and button belong to the editor's form. The answer (the
 * rows, or the line, column and value that do not read) takes focus and is scrolled to.
 */
function SampleSection({
  formId,
  sample,
  error,
}: {
  formId: string;
  sample: SampleAnswer | null;
  error: string | null;
}) {
  const { t } = useTranslation(["cashback", "errors"]);
  const answerRef = useRef<HTMLDivElement>(null);
  const answer = answerNumber(sample);
  useEffect(() => {
    if (!answer || !answerRef.current) return;
    answerRef.current.focus({ preventScroll: true });
    answerRef.current.scrollIntoView({ block: "start" });
  }, [answer]);
  const fileId = useId();
  const describedBy = `${fileId}-hint${error ? ` ${fileId}-error` : ""}`;
  const columns = [
    "line",
    "account",
    "tradeDate",
    "lots",
    "commission",
    "currency",
    "symbol",
    "rowKey",
  ] as const;

  return (
    <section
      aria-labelledby={`${fileId}-title`}
      className={`${card} space-y-4 p-4 sm:p-6`}
      data-testid="profile-sample"
    >
      <h2 id={`${fileId}-title`} className="text-lg font-semibold">
        {t("cashback:profiles.preview.title")}
      </h2>
      <div>
        <label htmlFor={fileId} className={labelClass}>
          {t("cashback:profiles.fields.sample")}
        </label>
        <input
          id={fileId}
          type="file"
          name="sample"
          form={formId}
          accept=".csv,.txt,text/csv,text/plain"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={fileInputClass}
        />
        <p id={`${fileId}-hint`} className={`mt-1 ${hintClass}`}>
          {t("cashback:profiles.hints.sample")}
        </p>
        {error && (
          <p
            id={`${fileId}-error`}
            className="mt-1 text-sm text-red-600 dark:text-red-400"
            data-testid="error-sample"
          >
            {error}
          </p>
        )}
      </div>
      <button
        type="submit"
        form={formId}
        name="intent"
        value="sample"
        className={buttonClass({ variant: "secondary", block: true })}
        data-testid="profile-preview"
      >
        {t("cashback:profiles.preview.run")}
      </button>

      {sample && (
        <div
          ref={answerRef}
          tabIndex={-1}
          className="scroll-mt-36 space-y-3 focus:outline-none"
          data-testid="sample-answer"
        >
          {sample.refusal ? (
            <Alert tone="error" testId="sample-refusal">
              <p className="font-medium">{t("cashback:profiles.preview.refused")}</p>
              <p className="[overflow-wrap:anywhere]">
                {t(`errors:${sample.refusal.key}`, sample.refusal.params)}
              </p>
            </Alert>
          ) : sample.rows.length === 0 ? (
            <Alert tone="warning" testId="sample-empty">
              {t("cashback:profiles.preview.noRows")}
            </Alert>
          ) : (
            <>
              <h3 className="text-base font-semibold" id={`${fileId}-rows`}>
                {t("cashback:profiles.preview.rowsTitle", { count: sample.rows.length })}
              </h3>
              {/* Wide on a phone: the table scrolls inside its own box, never the page. */}
              <div
                className={`overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700 ${focusRing}`}
                role="region"
                aria-labelledby={`${fileId}-rows`}
                // A scrolling region must take focus, or keyboard users cannot scroll it.
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                tabIndex={0}
              >
                <table className="min-w-full text-sm" data-testid="sample-rows">
                  <caption className="sr-only">{t("cashback:profiles.preview.rowsLabel")}</caption>
                  <thead className="bg-slate-50 text-left text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                    <tr>
                      {columns.map((c) => (
                        <th key={c} scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                          {t(`cashback:profiles.preview.columns.${c}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                    {sample.rows.map((r) => (
                      <tr key={r.line}>
                        <td className="px-3 py-2 tabular-nums">{r.line}</td>
                        <td className="whitespace-nowrap px-3 py-2">{r.account}</td>
                        <td className="whitespace-nowrap px-3 py-2 tabular-nums">{r.tradeDate}</td>
                        <td className="px-3 py-2 text-right tabular-nums">
                          {(r.lotsMilli / 1000).toString()}
                        </td>
                        <td className="px-3 py-2 text-right tabular-nums">{r.commission}</td>
                        <td className="px-3 py-2">{r.currency}</td>
                        <td className="px-3 py-2">{r.symbol ?? "—"}</td>
                        <td className="max-w-48 px-3 py-2 [overflow-wrap:anywhere]">
                          {r.rowKey || "—"}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </div>
      )}
    </section>
  );
}
