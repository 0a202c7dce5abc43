import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { safeRedirect } from "#domain/redirect";
import { AuthCard } from "#app/components/ui/card";
import { textLink } from "#app/components/ui/link";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";
import { LINE_SIGN_IN_MESSAGE } from "#app/components/LineSignInButton";

export const handle = { title: title.key("auth:line.done"), i18n: ["auth", "errors"] };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

export const loader = /* @__PURE__ */ answerRefusals(({ request }: LoaderFunctionArgs) => {
  const to = safeRedirect(new URL(request.url).searchParams.get("to") ?? "", "/login");
  return json({ to }, { headers: { "Cache-Control": "no-store" } });
});

/**
 * /login/line/done: in the popup, tells the login page that opened it where to go (a message
 * to our own origin only) and closes; opened in place (a phone, a blocked popup), goes there.
 */
export default function LineSignInDone() {
  const { t } = useTranslation("auth");
  const { to } = useLoaderData<typeof loader>();
  useEffect(() => {
    const opener = window.opener as Window | null;
    if (opener && opener !== window) {
      try {
        opener.postMessage({ type: LINE_SIGN_IN_MESSAGE, to }, window.location.origin);
        window.close();
        return;
      } catch {
        // The opener went elsewhere: continue in this window.
      }
    }
    window.location.replace(to);
  }, [to]);
  return (
    <AuthCard title={t("line.done")}>
      <a href={to} className={`${textLink} text-sm`} data-testid="line-done-link">
        {t("line.doneLink")}
      </a>
    </AuthCard>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
