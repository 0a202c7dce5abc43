import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";
import type { FormErrorShape } from "~/components/ui/form";

/**
 * Checks a form in the browser with the procedure's own zod schema (conform), so a member sees
 * a field's error when leaving it, and the form is not sent while one stands. The server still
 * parses everything: without JavaScript, or for rules only it knows, its answer is shown.
 *
 * Returns the props for <Form> and the error to show: the browser's error for a field it has
 * checked, else the server's. Messages are keys under errors:field, as the server's are.
 */
export function useFormValidation(schema: $ZodType, serverError: FormErrorShape | null) {
  const [form] = useForm({
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      // Values stay strings, as the action receives them; the schema coerces (amounts).
      parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  const browser: Record<string, string> = {};
  for (const [name, messages] of Object.entries(form.allErrors)) {
    if (name && messages?.[0]) browser[name] = messages[0];
  }
  const error: FormErrorShape | null =
    Object.keys(browser).length > 0
      ? {
          key: serverError?.key ?? null,
          params: serverError?.params ?? null,
          fieldErrors: { ...serverError?.fieldErrors, ...browser },
        }
      : serverError;
  return { formProps: getFormProps(form), error };
}
