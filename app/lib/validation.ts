import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type FormEvent, type MouseEvent, useState } from "react";
import type { $ZodType } from "zod/v4/core";
import { answerNumber } from "#app/components/ui/Alert";
import type { FormErrorShape } from "#app/components/ui/form";
import { type Limits, schemaConstraint, schemaLimits } from "./constraint";
import { errorName } from "./form-echo";

/** The name of the button conform submits a field's check with (its `INTENT`). */
const CONFORM_INTENT = "__intent__";

/**
 * A form's errors as the member sees them, for every form of the kit:
 * - checked in the browser with the procedure's own zod schema (conform), so a field's error
 *   shows when leaving it and the form is not sent while one stands;
 * - the server's answer otherwise (without JavaScript, or for rules only it knows);
 * - the server's answer goes as soon as it no longer applies: a field's error when that field is
 *   edited, the form's own message at any edit, all of it when the form is sent again;
 * - `summary` is what the error summary at the top shows and when it takes focus: after every
 *   refused submit (in the browser or by the server), never while the member is typing.
 *
 * - the fields' limits (`limits(name)`: maxLength, required, min, max) come from the same schema,
 *   so a limit is written once, in the schema.
 * `check: false` takes only the limits, for a form whose action reshapes the fields before the
 * schema reads them (rows paired up, files): the server alone judges it.
 *
 * Returns the props for <Form>, the error the fields show, the summary's props and the limits.
 */
export function useFormValidation(
  schema: $ZodType,
  serverError: FormErrorShape | null,
  { check = true }: { check?: boolean } = {},
) {
  const checked = check ? schema : null;
  const [attempts, setAttempts] = useState(0);
  const [answer, setAnswer] = useState({ error: serverError, edited: [] as string[], sent: false });
  // A new answer from the server: shown whole again.
  if (answer.error !== serverError) setAnswer({ error: serverError, edited: [], sent: false });
  const current: { edited: string[]; sent: boolean } =
    answer.error === serverError ? answer : { edited: [], sent: false };

  const [form] = useForm({
    // The server's answer as conform's own: its fields count as checked, so a field shows its
    // error as it is edited, as after a check in the browser. Only where conform checks the
    // form: elsewhere nothing would ever clear the errors it holds.
    lastResult: checked ? serverError?.lastResult : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    constraint: schemaConstraint(schema),
    onValidate: checked
      ? ({ formData }) =>
          // Values stay strings, as the action receives them; the schema coerces (amounts).
          parseWithZod(formData, { schema: checked, disableAutoCoercion: true })
      : undefined,
  });

  const server = current.sent ? null : withoutEdited(serverError, current.edited);
  const browser: Record<string, string> = {};
  for (const [name, messages] of Object.entries(form.allErrors)) {
    // A list's field is named `goals[3].threshold` here and `goals.3.threshold` in the answer.
    if (name && messages?.[0]) browser[errorName(name)] = messages[0];
  }
  const error: FormErrorShape | null =
    Object.keys(browser).length > 0
      ? {
          key: server?.key ?? null,
          params: server?.params ?? null,
          field: server?.field ?? null,
          fieldErrors: { ...server?.fieldErrors, ...browser },
        }
      : server;

  // A form the browser does not check (`check: false`) leaves conform out altogether: it would
  // otherwise check a field on leaving it by sending the form to the server with its intent.
  const conform = checked ? getFormProps(form) : null;
  const formProps = {
    ...conform,
    noValidate: true,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      // Conform checks a field on leaving it by submitting the form with its own intent button:
      // that is no attempt to send, and must not move focus to the summary (on a long form the
      // scroll moved the save button from under the pointer, and the click that caused the
      // blur never landed).
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter?.getAttribute("name") !== CONFORM_INTENT) setAttempts((n) => n + 1);
      conform?.onSubmit(event);
      if (!event.defaultPrevented && serverError)
        setAnswer({ error: serverError, edited: [], sent: true });
    },
    // Pressing the submit button would first blur the field being typed in, whose check then
    // shows its error and moves the button down before the press is released: the click never
    // lands, no summary appears and focus stays put. The press keeps focus where it is, and the
    // submit checks every field.
    onMouseDown: (event: MouseEvent<HTMLFormElement>) => {
      const target = event.target as Element | null;
      if (target?.closest?.('button[type="submit"], input[type="submit"]')) event.preventDefault();
    },
    onInput: (event: FormEvent<HTMLFormElement>) => {
      const input = (event.target as { name?: unknown }).name;
      if (!serverError || typeof input !== "string") return;
      const name = errorName(input);
      if (current.edited.includes(name)) return;
      setAnswer({ error: serverError, edited: [...current.edited, name], sent: current.sent });
    },
  };
  const limits: Limits = schemaLimits(schema);
  return {
    formProps,
    error,
    limits,
    // Before the first submit, a field's error stays beside the field.
    summary: {
      error: attempts > 0 ? error : server,
      focusKey: `${attempts}:${answerNumber(serverError)}`,
    },
  };
}

/** The server's answer less what the member has edited since. */
function withoutEdited(error: FormErrorShape | null, edited: string[]): FormErrorShape | null {
  if (!error || edited.length === 0) return error;
  const fieldErrors = Object.fromEntries(
    Object.entries(error.fieldErrors).filter(
      ([key]) => !edited.some((name) => aboutField(key, name)),
    ),
  );
  // The form's own message answered the values sent, which have changed.
  if (Object.keys(fieldErrors).length === 0) return null;
  return { key: null, params: null, field: null, fieldErrors };
}

/**
 * Whether an error key is about the input `name`: the procedure names a field alone ("amount")
 * or by its path in a nested input ("campaign.title" for the input "title").
 */
function aboutField(key: string, name: string) {
  return key === name || key.endsWith(`.${name}`);
}
