import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, type FormErrorShape, SubmitButton } from "#app/components/ui/form";
import { Alert } from "#app/components/ui/Alert";

/**
 * A rate form (percent, two decimals at most). The schema's own key for a bad rate is
 * "affiliateRate", translated here; any other key is the shared field error.
 */
export function RateForm({
  intent,
  label,
  hint,
  defaultValue,
  error,
  saved,
  testId,
}: {
  intent: string;
  label: string;
  hint: string;
  defaultValue: string;
  error: FormErrorShape | null;
  saved: boolean;
  testId: string;
}) {
  const { t } = useTranslation(["affiliate", "errors"]);
  const key = error?.fieldErrors.rate;
  const message = !key
    ? null
    : key === "affiliateRate"
      ? t("affiliate:errors.affiliateRate")
      : t(`errors:field.${key}`, { field: label });
  return (
    <Form method="post" className="space-y-3" data-testid={testId}>
      <input type="hidden" name="intent" value={intent} />
      {saved && <Alert tone="success">{t("affiliate:admin.saved")}</Alert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          name="rate"
          label={label}
          hint={hint}
          error={message}
          inputMode="decimal"
          defaultValue={defaultValue}
          className="sm:w-96"
        />
        <div className="sm:pt-6">
          <SubmitButton>{t("affiliate:admin.save")}</SubmitButton>
        </div>
      </div>
    </Form>
  );
}
