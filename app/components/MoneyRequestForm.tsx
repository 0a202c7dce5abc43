import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { $ZodType } from "zod/v4/core";
import { VerifyEmailNotice } from "#app/components/VerifyEmailNotice";
import { FormErrorAlert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { type FormErrorShape, SubmitButton } from "#app/components/ui/form";
import { useFormValidation } from "#app/lib/validation";

/**
 * A member's request that moves money (a withdrawal, a transfer): what the action refused (the
 * values sent back and the error), checked first in the browser with the procedure's schema.
 */
export function useMoneyRequestForm(schema: $ZodType) {
  const failure = useActionData<
    { ok: true } | { ok: false; error: FormErrorShape; values: Record<string, string> }
  >();
  const refused = failure && !failure.ok ? failure : null;
  const { formProps, error, summary, limits } = useFormValidation(schema, refused?.error ?? null);
  return { values: refused?.values ?? {}, error, formProps, summary, limits };
}

/**
 * That request's form in its card, under its heading and the unverified-address notice. After
 * a failure it carries the key of the try that failed, so sending again cannot pay twice.
 */
export function MoneyRequestForm({
  form: { values, formProps, summary },
  requestKey,
  heading,
  submit,
  children,
}: {
  form: ReturnType<typeof useMoneyRequestForm>;
  /** A fresh key from the loader, used unless a failed try sent its own. */
  requestKey: string;
  heading: ReactNode;
  submit: string;
  children: ReactNode;
}) {
  return (
    <section className={`${card} max-w-2xl space-y-5 p-5 sm:p-6`}>
      {heading}
      <VerifyEmailNotice money />
      <Form method="post" className="space-y-5" {...formProps}>
        <FormErrorAlert {...summary} />
        <input type="hidden" name="requestKey" value={values.requestKey || requestKey} />
        {children}
        <SubmitButton>{submit}</SubmitButton>
      </Form>
    </section>
  );
}
