import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "#app/components/ui/form";
import { Alert } from "#app/components/ui/Alert";
import { lineButton } from "./ReauthForm";

export interface LineLoginState {
  available: boolean;
  linked: { displayName: string | null } | null;
  /** False while LINE is the account's only way in: the server refuses to unlink then. */
  unlinkable: boolean;
}

/**
 * The security page's LINE section: link LINE Login (through LINE, back to this page) or unlink
 * it. Shown only after the step-up, which both need; the server checks it again.
 */
export function LineLoginSettings({
  line,
  linkedNow,
  unlinked,
  className,
}: {
  line: LineLoginState;
  linkedNow: boolean;
  unlinked: boolean;
  className: string;
}) {
  const { t } = useTranslation("auth");
  const linked = line.linked;
  return (
    <section
      id="line"
      className={className}
      aria-labelledby="line-login-title"
      data-testid="line-login-section"
    >
      <h2 id="line-login-title" className="text-base font-semibold">
        {t("line.security.title")}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("line.security.lead")}</p>
      {linkedNow && linked && (
        <Alert tone="success" testId="line-login-linked">
          {t("line.security.linkedNow")}
        </Alert>
      )}
      {unlinked && !linked && (
        <Alert tone="success" testId="line-login-unlinked">
          {t("line.security.unlinked")}
        </Alert>
      )}
      <p className="text-sm font-medium" data-testid="line-login-state">
        {linked
          ? linked.displayName
            ? t("line.security.linked", { name: linked.displayName })
            : t("line.security.linkedNoName")
          : t("line.security.notLinked")}
      </p>
      {linked ? (
        line.unlinkable ? (
          <Form method="post">
            <input type="hidden" name="intent" value="lineUnlink" />
            <SubmitButton tone="secondary">{t("line.security.unlink")}</SubmitButton>
          </Form>
        ) : (
          <Alert tone="info" testId="line-login-only-way">
            {t("line.security.onlyWay")}
          </Alert>
        )
      ) : (
        <a href="/users/line-connect/start?for=security" className={lineButton}>
          {t("line.security.link")}
        </a>
      )}
    </section>
  );
}
