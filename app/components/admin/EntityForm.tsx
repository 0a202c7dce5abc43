import { Form } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { type TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { CheckboxField, Field, type FormErrorShape, SubmitButton } from "#app/components/ui/form";
import { FormErrorAlert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import type { $ZodType } from "zod/v4/core";
import type { Limits } from "#app/lib/constraint";
import { useFormValidation } from "#app/lib/validation";

/**
 * The pieces every admin record form is made of (campaigns, popups, gachas, rewards, brokers):
 * the form-level error, a multipart form on a card in two columns, the submit button last, and
 * the fields' labels and errors from one namespace. A new admin record composes these.
 */
export function EntityForm({
  form: { formProps, summary },
  submitLabel,
  testId,
  children,
}: {
  /**
   * The form kit's state (`useRecordForm`): the fields checked with the record's schema, the
   * summary taking focus after a refused save, an error gone once its field is edited.
   */
  form: Pick<ReturnType<typeof useFormValidation>, "formProps" | "summary">;
  submitLabel: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <>
      <FormErrorAlert {...summary} />
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        className={`${card} grid gap-4 p-4 sm:grid-cols-2 sm:p-6`}
        data-testid={testId}
      >
        {children}
        <div className="sm:col-span-2">
          <SubmitButton>{submitLabel}</SubmitButton>
        </div>
      </Form>
    </>
  );
}

/** What every admin record form is given: the record's values, the refusal, the button's text. */
export interface RecordFormProps<V> {
  initial: V;
  /** What the action refused, if the last save was refused. */
  error: FormErrorShape | null;
  submitLabel: string;
}

/**
 * A record form's state and field helpers in one: the form kit's state (for `EntityForm`),
 * checked in the browser with `schema`, the one the action parses the form with, and
 * `useEntityFields` reading the errors still to be shown and the fields' limits from it.
 * `check: false` for a form whose action reshapes the fields first (rows, files): the schema
 * then gives only the limits.
 */
export function useRecordForm<V extends object>(
  refused: FormErrorShape | null,
  {
    schema,
    check,
    ...source
  }: Omit<FieldSource<V>, "error" | "limits"> & { schema: $ZodType; check?: boolean },
) {
  const form = useFormValidation(schema, refused, { check });
  return {
    form,
    error: form.error,
    ...useEntityFields({ ...source, error: form.error, limits: form.limits }),
  };
}

interface FieldSource<V> {
  /** Where the field labels are, e.g. "gacha:admin.fields" (+ ".name"). */
  labels: string;
  initial: V;
  error: FormErrorShape | null;
  /** The schema's object the fields sit in ("gacha" for "gacha.name"), when nested. */
  path?: string;
  /** A namespace with messages of its own for some error keys, e.g. "popup:fieldErrors". */
  messages?: string;
  /** Where a field's hint is: by default beside the labels, "gacha:admin.hints" (+ ".published"). */
  hintKey?: (name: string) => string;
  /** The fields' limits (maxLength, required, …) from the form's schema. */
  limits?: Limits;
}

/**
 * A form's field helpers: `fieldError(name)`, the translated error of a field (the procedure
 * names it by path or alone), and `text(name)`, the props of a text field with its label,
 * initial value and error, `numeric(name)`, those of a number field with its hint, and
 * `flag(name)`, the props of a yes/no field with its label, hint and the record's value.
 */
export function useEntityFields<V extends object>({
  labels,
  initial,
  error,
  path,
  messages,
  hintKey = (name) => `${labels.replace(/\.fields$/, ".hints")}.${name}`,
  limits = () => ({}),
}: FieldSource<V>) {
  const { t } = useTranslation(["errors", "common"]);
  const fieldError = (name: string, label = t(`${labels}.${name}`)): string | null => {
    const key =
      (path ? error?.fieldErrors[`${path}.${name}`] : undefined) ?? error?.fieldErrors[name];
    if (!key) return null;
    const generic = t(`errors:field.${key}`, { field: label });
    return messages ? t(`${messages}.${key}`, { defaultValue: generic }) : generic;
  };
  const values = initial as Record<string, unknown>;
  const field = (name: string) => ({
    ...limits(name),
    name,
    label: t(`${labels}.${name}`),
    defaultValue: String(values[name] ?? ""),
    error: fieldError(name),
  });
  const text = (name: keyof V & string) => field(name);
  /**
   * A text written in both languages: the Japanese field `name` and the English
   * one `${name}En`, each labelled with its language.
   */
  const bilingual = (name: keyof V & string): BilingualProps =>
    bilingualSides(t, name, t(`${labels}.${name}`), values, fieldError, limits);
  /** A whole number typed in (an amount, a limit, an order), with its hint. */
  const numeric = (name: keyof V & string) => ({
    ...text(name),
    inputMode: "numeric" as const,
    hint: t(hintKey(name)),
  });
  const flag = (name: keyof V & string) => ({
    name,
    label: t(`${labels}.${name}`),
    hint: t(hintKey(name)),
    defaultChecked: Boolean(initial[name]),
  });
  /** When the record runs (`startsAt` to `endsAt`), with the hint that it is Tokyo time. */
  const period = () => ({
    start: field("startsAt"),
    end: field("endsAt"),
    hint: t(hintKey("tokyo")),
  });
  /**
   * An image upload of the record (`image`, a broker's `logo`), its texts beside the labels
   * ("campaign:admin.fields" → "campaign:admin", see RecordImageField), with the stored one.
   */
  const image = (current: string | null, name = "image") => ({
    labels: labels.replace(/\.fields$/, ""),
    name,
    current,
    error: fieldError(name),
  });
  return { fieldError, text, numeric, bilingual, flag, period, image };
}

/**
 * The two inputs of a text written in both languages: `name` for the Japanese, `${name}En` for
 * the English, labelled "<field> (Japanese)" / "<field> (English)"; `errorOf` translates a
 * field's error with the label given. For forms that keep their own error lookup.
 */
export function bilingualSides(
  t: TFunction<string[]>,
  name: string,
  field: string,
  values: Record<string, unknown>,
  errorOf: (name: string, label: string) => string | null,
  limits: Limits = () => ({}),
): BilingualProps {
  const side = (input: string, label: string) => ({
    ...limits(input),
    name: input,
    label,
    defaultValue: String(values[input] ?? ""),
    error: errorOf(input, label),
  });
  return {
    ja: side(name, t("common:content.japanese", { field })),
    en: side(`${name}En`, t("common:content.english", { field })),
  };
}

interface LanguageSide extends ReturnType<Limits> {
  name: string;
  label: string;
  defaultValue: string;
  error: string | null;
}
export interface BilingualProps {
  ja: LanguageSide;
  en: LanguageSide;
}

type TextFieldProps = ReturnType<ReturnType<typeof useEntityFields>["text"]>;

/** When a record runs: its start and end, typed in Tokyo time, side by side. */
export function PeriodInputs({
  start,
  end,
  hint,
}: {
  start: TextFieldProps;
  end: TextFieldProps;
  hint: string;
}) {
  return (
    <>
      <Field {...start} type="datetime-local" hint={hint} required />
      <Field {...end} type="datetime-local" hint={hint} required />
    </>
  );
}

/** A yes/no setting of the record (shown to members, published), across both columns. */
export function FlagField(props: ComponentProps<typeof CheckboxField>) {
  return (
    <div className="sm:col-span-2">
      <CheckboxField {...props} />
    </div>
  );
}
