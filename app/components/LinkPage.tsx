import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Alert, FormErrorAlert, type FormErrorShape, SubmitButton } from "~/components/ui/form";
import { AuthCard } from "~/components/ui/card";
import { textLink } from "~/components/ui/link";

/**
 * The page behind a link from an email: the link is checked on load, and the change happens
 * only when the person presses the button.
 */
export function LinkPage(props: {
  title: string;
  valid: boolean;
  invalidKey: string;
  prompt?: ReactNode;
  button: string;
  done?: ReactNode;
  error?: FormErrorShape | null;
}) {
  const { t } = useTranslation(["auth", "errors"]);
  return (
    <AuthCard title={props.title}>
      {props.done ? (
        <>
          <Alert tone="success" testId="link-done">
            {props.done}
          </Alert>
          <Link to="/login" className={`${textLink} block text-sm`}>
            {t("auth:actions.goLogin")}
          </Link>
        </>
      ) : !props.valid ? (
        <>
          <Alert tone="error" testId="link-invalid">
            {t(`errors:${props.invalidKey}`)}
          </Alert>
          <Link to="/login" className={`${textLink} block text-sm`}>
            {t("auth:actions.goLogin")}
          </Link>
        </>
      ) : (
        <>
          {props.prompt && (
            <p className="text-sm text-slate-700 dark:text-slate-300">{props.prompt}</p>
          )}
          <FormErrorAlert error={props.error} />
          <Form method="post">
            <SubmitButton>{props.button}</SubmitButton>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
