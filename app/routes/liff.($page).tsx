import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isLiffPage, liffSignInInput } from "#domain/liff";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Button, LinkButton } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { actionLink } from "#app/components/ui/link";
import { PageTitle } from "#app/components/ui/PageTitle";
import { redirectWithCookies, submitForm } from "#app/lib/forms.server";
import { loadLiff } from "#app/lib/liff";
import { title } from "#app/lib/page-title";
import { answerRefusals } from "#app/lib/refusals.server";

export const handle = { title: title.key("line:liff.title"), i18n: ["line", "errors"] };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

/**
 * /liff and /liff/<page>: the LIFF app's endpoint. LINE opens it from the rich menu (the page
 * named after the endpoint URL); the LIFF SDK starts, the ID token it holds is posted here, and
 * the server signs in the member linked to that LINE user and sends them to the page. Without
 * LINE Login and a LIFF id configured, and for a page name not on the list, this is a 404.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ params, context }: LoaderFunctionArgs) => {
    const { liffId } = await context.trpc.line.liffApp();
    // /liff alone is where LINE first lands; the SDK then opens the page the LIFF URL named.
    const page = params.page ?? "dashboard";
    if (!isLiffPage(page)) throw new Response("Not Found", { status: 404 });
    return json({ liffId, page });
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    await context.trpc.line.liffApp();
    const result = await submitForm(request, liffSignInInput, (input) =>
      context.trpc.line.liffSignIn(input),
    );
    if (!result.ok) return result.response;
    if (result.data.outcome === "unlinked") return json({ ok: true as const, unlinked: true });
    return redirectWithCookies(result.data.to, context.resHeaders);
  },
);

type Stage = "starting" | "noToken" | "sdk";

export default function LiffLanding() {
  const { t } = useTranslation("line");
  const { liffId, page } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submit = useSubmit();
  const [stage, setStage] = useState<Stage>("starting");
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      const liff = await loadLiff();
      await liff.init({ liffId });
      // The first landing (/liff?liff.state=/statement): the SDK is opening the named page.
      if (new URLSearchParams(window.location.search).has("liff.state")) return;
      // Outside LINE's own browser the member logs in to LINE first, and comes back here.
      if (!liff.isLoggedIn()) {
        liff.login({ redirectUri: window.location.href });
        return;
      }
      const idToken = liff.getIDToken();
      if (!idToken) {
        setStage("noToken");
        return;
      }
      submit({ idToken, page }, { method: "post", replace: true });
    })().catch(() => setStage("sdk"));
  }, [liffId, page, submit]);

  const unlinked = answer && "unlinked" in answer;
  const refused = answer && !answer.ok ? answer.error : null;
  if (unlinked) return <Unlinked />;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageTitle>
        {refused || stage !== "starting" ? t("liff.failed.title") : t("liff.title")}
      </PageTitle>
      <div className={`${card} space-y-4 p-5 sm:p-6`}>
        {refused ? (
          <FormErrorAlert error={refused} />
        ) : stage === "starting" ? (
          <p role="status" data-testid="liff-starting" className="text-sm">
            {t("liff.starting")}
          </p>
        ) : (
          <Alert tone="error" testId="liff-failed">
            {t(stage === "noToken" ? "liff.failed.noToken" : "liff.failed.sdk")}
          </Alert>
        )}
        {(refused || stage !== "starting") && (
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t("liff.failed.retry")}
          </Button>
        )}
      </div>
    </div>
  );
}

/** A LINE user no account is linked to: how to link one, then come back through the menu. */
function Unlinked() {
  const { t } = useTranslation("line");
  const connect = `/login?${new URLSearchParams({ redirect: "/users/line-connect" }).toString()}`;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageTitle data-testid="liff-unlinked">{t("liff.unlinked.title")}</PageTitle>
      <div className={`${card} space-y-4 p-5 sm:p-6`}>
        <p className="text-sm">{t("liff.unlinked.lead")}</p>
        <ol className="list-decimal space-y-2 pl-5 text-sm" data-testid="liff-steps">
          <li>{t("liff.unlinked.step1")}</li>
          <li>{t("liff.unlinked.step2")}</li>
          <li>{t("liff.unlinked.step3")}</li>
        </ol>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
          <LinkButton to={connect} block>
            {t("liff.unlinked.login")}
          </LinkButton>
          <Link to="/register" className={actionLink}>
            {t("liff.unlinked.register")}
          </Link>
        </div>
      </div>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
