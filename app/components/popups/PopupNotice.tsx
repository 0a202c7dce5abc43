import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "#app/components/ui/Alert";

/** What the admin just did to a popup, as the action's redirect says it (`?activated=1`). */
const NOTICES = ["created", "updated", "activated", "deactivated"] as const;

/** The popup list's and a popup's page's success notice, when the address carries one. */
export function PopupNotice() {
  const { t } = useTranslation("popup");
  const [params] = useSearchParams();
  const notice = NOTICES.find((k) => params.has(k));
  if (!notice) return null;
  return (
    <Alert tone="success" testId="popup-notice">
      {t(`admin.${notice}`)}
    </Alert>
  );
}
