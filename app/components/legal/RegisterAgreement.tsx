import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { AgreeCheckbox } from "#app/components/legal/AgreeCheckbox";
import { textLink } from "#app/components/ui/link";

/**
 * Agreeing to the terms of use and the privacy policy, with links to both (a new tab, so what
 * was typed stays): the server records the versions current at registration.
 */
export function RegisterAgreement({ error }: { error: string | null }) {
  const { t } = useTranslation("auth");
  return (
    <AgreeCheckbox error={error}>
      <Trans
        t={t}
        i18nKey="agree.label"
        components={{
          terms: <DocumentLink to="/terms" />,
          privacy: <DocumentLink to="/privacy" />,
        }}
      />
    </AgreeCheckbox>
  );
}

function DocumentLink({ to, children }: { to: string; children?: ReactNode }) {
  const { t } = useTranslation("auth");
  return (
    <a href={to} target="_blank" rel="noreferrer" className={textLink}>
      {children}
      <span className="sr-only">{t("agree.opensNewTab")}</span>
    </a>
  );
}
