import { useState } from "react";
import { useTranslation } from "react-i18next";
import { rewardInput } from "#domain/gacha";
import { LabelledOptions } from "#app/components/admin/LabelledOptions";
import { Field, SelectField } from "#app/components/ui/form";
import { BilingualField } from "#app/components/admin/BilingualField";
import { RecordImageField } from "#app/components/admin/ImageFields";
import {
  EntityForm,
  FlagField,
  type RecordFormProps,
  useRecordForm,
} from "#app/components/admin/EntityForm";
import { AdminFormPage, useRefusedForm, withEchoed } from "#app/components/admin/FormPage";

export interface RewardFormValues {
  name: string;
  nameEn: string;
  kind: string;
  amount: string;
  weight: string;
  stock: string;
  validFrom: string;
  validUntil: string;
  validDays: string;
  displayOrder: string;
  active: boolean;
  imageUrl: string | null;
}

export const EMPTY_REWARD: RewardFormValues = {
  name: "",
  nameEn: "",
  kind: "cash",
  amount: "",
  weight: "",
  stock: "",
  validFrom: "",
  validUntil: "",
  validDays: "",
  displayOrder: "0",
  active: true,
  imageUrl: null,
};

/**
 * A reward: its name, image and kind (cash credited to the wallet, an item with a validity
 * period, or no prize), and its weight (weighted gacha) or stock in the box (box gacha).
 */
export function RewardForm({
  method,
  initial,
  error,
  submitLabel,
}: RecordFormProps<RewardFormValues> & { method: "weighted" | "box" }) {
  const { t } = useTranslation(["gacha", "errors"]);
  const [kind, setKind] = useState(initial.kind);
  const { form, fieldError, text, numeric, bilingual, flag } = useRecordForm(error, {
    labels: "gacha:admin.reward",
    hintKey: (name) => `gacha:admin.reward.${name}Hint`,
    initial,
    path: "reward",
    schema: rewardInput,
  });
  return (
    <EntityForm form={form} submitLabel={submitLabel} testId="reward-form">
      <BilingualField field={bilingual("name")} />
      <SelectField
        name="kind"
        label={t("gacha:admin.reward.kind")}
        value={kind}
        onChange={(e) => setKind(e.target.value)}
        error={fieldError("kind")}
        hint={t(
          `gacha:admin.reward.kindHints.${kind === "item" || kind === "none" ? kind : "cash"}`,
        )}
      >
        <LabelledOptions values={["cash", "item", "none"]} labels="gacha:kind" />
      </SelectField>
      {kind === "cash" ? (
        <Field {...numeric("amount")} required />
      ) : (
        <div className="hidden sm:block" />
      )}
      {/* A weighted gacha draws by weight; a box one from its stock. */}
      <Field {...numeric(method === "weighted" ? "weight" : "stock")} required />
      <Field {...numeric("displayOrder")} />
      {kind === "item" && (
        <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{t("gacha:admin.reward.validity")}</legend>
          <p className="text-xs text-slate-600 sm:col-span-3 dark:text-slate-300">
            {t("gacha:admin.reward.validityHint")}
          </p>
          <Field {...text("validFrom")} type="datetime-local" />
          <Field {...text("validUntil")} type="datetime-local" />
          <Field {...text("validDays")} inputMode="numeric" />
        </fieldset>
      )}
      <RecordImageField
        labels="gacha:admin"
        current={initial.imageUrl}
        error={fieldError("image")}
      />
      <FlagField {...flag("active")} />
    </EntityForm>
  );
}

/**
 * A reward's form page (a new or an edited one) inside its gacha's admin page, leading back to
 * the gacha's rewards; after a refusal, the form shows what was sent. Nothing while the gacha
 * is unknown.
 */
export function RewardFormPage({
  gacha,
  title,
  submitLabel,
  initial,
}: {
  gacha: { id: string; method: "weighted" | "box" } | undefined;
  title: string;
  submitLabel: string;
  initial: RewardFormValues;
}) {
  const { t } = useTranslation("gacha");
  const { echoed, error } = useRefusedForm();
  if (!gacha) return null;
  return (
    <AdminFormPage
      back={`/admin/gachas/${gacha.id}/rewards`}
      backLabel={t("admin.reward.back")}
      title={title}
      level="section"
    >
      <RewardForm
        key={JSON.stringify(echoed)}
        method={gacha.method}
        initial={withEchoed(initial, echoed, "active")}
        error={error}
        submitLabel={submitLabel}
      />
    </AdminFormPage>
  );
}
