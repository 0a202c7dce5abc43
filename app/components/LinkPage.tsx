import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BackToLoginLink, failureOf } from "#app/components/AuthFields";
import { type FormErrorShape, SubmitButton } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { AuthCard } from "#app/components/ui/card";

/** What the routes behind a link load (checkEmailedLink) and what their action answers. */
type Loaded = { valid: boolean; email: string | null };
type Answer =
  | { ok: true; email?: string }
  | { ok: false; error: FormErrorShape; values: Record<string, string> };

/**
 * The page behind a link from an email: the link is checked on load, and the change happens
 * only when the person presses the button. The route supplies the words; `prompt` and `done`
 * get the address concerned (the one on the link, then the one the action changed).
 */
export function LinkPage(props: {
  title: string;
  invalidKey?: "linkInvalid" | "verifyFailed";
  prompt?: (email: string | null) => string;
  button: string;
  done: (email: string | undefined) => string;
}) {
  const { t } = useTranslation(["auth", "errors"]);
  const { valid, email } = useLoaderData<Loaded>();
  const result = useActionData<Answer>();
  const { error } = failureOf(result);
  return (
    <AuthCard title={props.title}>
      {result?.ok ? (
        <>
          <Alert tone="success" testId="link-done">
            {props.done(result.email)}
          </Alert>
          <BackToLoginLink />
        </>
      ) : !valid ? (
        <>
          <Alert tone="error" testId="link-invalid">
            {t(`errors:${props.invalidKey ?? "linkInvalid"}`)}
          </Alert>
          <BackToLoginLink />
        </>
      ) : (
        <>
          {props.prompt && (
            <p className="text-sm text-slate-700 dark:text-slate-300">{props.prompt(email)}</p>
          )}
          <FormErrorAlert error={error} />
          <Form method="post">
            <SubmitButton>{props.button}</SubmitButton>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
