import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import type { loader as rootLoader } from "#app/root";

/** Where a reader who found no answer goes: the chat for a member, sign-in for a visitor. */
export function HelpContact() {
  const { t } = useTranslation("help");
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const member = viewer?.user?.permission === "member";
  return (
    <section className={`${card} space-y-2 p-4`} data-testid="help-contact">
      <h2 className="font-semibold">{t("contact")}</h2>
      <Link
        to={member ? "/users/chat" : "/login?redirect=%2Fusers%2Fchat"}
        className={buttonClass({ variant: "secondary", block: true })}
      >
        {member ? t("contactMember") : t("contactVisitor")}
      </Link>
    </section>
  );
}
