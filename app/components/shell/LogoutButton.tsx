import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NavIcon } from "./icons";

/**
 * Logout posts to /logout, which ends the session and goes to /login?loggedOut=true. The
 * marathon popup's once-per-visit flag lives in sessionStorage and is cleared here.
 */
export function LogoutButton({
  className,
  withIcon = true,
}: {
  className: string;
  withIcon?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      action="/logout"
      onSubmit={() => {
        try {
          window.sessionStorage.removeItem("modal_shown");
        } catch {
          // storage disabled: nothing to clear
        }
      }}
    >
      <button type="submit" className={`w-full ${className}`}>
        {withIcon && <NavIcon name="logout" />}
        <span>{t("nav.logout")}</span>
      </button>
    </Form>
  );
}
