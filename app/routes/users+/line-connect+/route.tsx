import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CheckboxField, SubmitButton } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Section } from "#app/components/ui/card";
import { focusRing } from "#app/components/shell/styles";
import * as z from "zod";
import { attempt, parseForm } from "#app/lib/forms.server";
import { formatDateTime } from "#app/lib/format";
import { qrDataUrl } from "#app/lib/qr.server";
import { PageHeading } from "#app/components/ui/PageTitle";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";
import { Badge } from "#app/components/ui/Badge";
import { LINE_BACK_PATHS, preferencesInput } from "#domain/line-link";

export const handle = { title: title.key("line:title"), i18n: ["line", "errors"] };

/** Error keys the callback may send back here; anything else reads as the generic error. */
const CALLBACK_ERRORS = new Set([
  "lineGeneric",
  "lineConnection",
  "lineTaken",
  "lineCancelled",
  "lineNotConfigured",
]);

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  const status = await context.trpc.line.status();
  // The QR code is for opening the start link on a smartphone; only needed before linking.
  const qr = status.available && !status.linked ? await qrDataUrl(status.startUrl) : null;
  return json({ status, qr });
});

/** The switches, in the page's order. */
const PREFS = preferencesInput.keyof().options;

/** The page's two forms, each named by its intent: unlinking, and the switches. */
const lineConnectForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("unlink") }),
  preferencesInput.extend({ intent: z.literal("preferences") }),
]);

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const parsed = await parseForm(request, lineConnectForm);
    if (!parsed.ok) return parsed.response;
    const { value } = parsed;
    if (value.intent === "unlink") {
      const result = await attempt({}, async () => {
        try {
          return await context.trpc.line.unlink();
        } catch (error) {
          // Unlinking follows a step-up, which the security page asks for (LINE is there too).
          if ((error as { key?: unknown }).key === "reauthRequired") {
            throw redirect(`${LINE_BACK_PATHS.security}#line`);
          }
          throw error;
        }
      });
      return result.ok ? json({ ok: true as const, intent: "unlink" as const }) : result.response;
    }
    const { intent: _, ...prefs } = value;
    const result = await attempt({}, () => context.trpc.line.savePreferences(prefs));
    return result.ok
      ? json({ ok: true as const, intent: "preferences" as const })
      : result.response;
  },
);

const buttonBase =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold shadow-sm sm:w-auto";

/** /users/line-connect: whether LINE is linked, linking (button and QR code), preferences. */
export default function LineConnect() {
  const { t } = useTranslation(["line", "errors"]);
  const { status, qr } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const errorKey = params.get("error");
  const linkedNow = params.get("linked") === "1" && status.linked;
  const done = result && result.ok ? result.intent : null;
  const failure = result && !result.ok ? result.error : null;
  const linked = status.linked;

  return (
    <div className="max-w-3xl space-y-5">
      <PageHeading title={t("title")} lead={t("lead")} />

      {errorKey && (
        <Alert tone="error" testId="line-error">
          {t(`errors:${CALLBACK_ERRORS.has(errorKey) ? errorKey : "lineGeneric"}`)}
        </Alert>
      )}
      {linkedNow && (
        <Alert tone="success" testId="line-linked">
          {t("linked")}
        </Alert>
      )}
      {done === "unlink" && (
        <Alert tone="success" testId="line-unlinked">
          {t("unlink.done")}
        </Alert>
      )}
      <FormErrorAlert error={failure} />

      <Section title={t("status.heading")} testId="line-status">
        <div className="flex flex-wrap items-center gap-3">
          <Badge tone={linked ? "success" : "muted"} data-testid="line-state">
            {linked ? t("status.linked") : t("status.notLinked")}
          </Badge>
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {linked
              ? linked.displayName
                ? t("status.linkedAs", { name: linked.displayName })
                : t("status.linkedNoName")
              : status.available
                ? t("status.notLinkedBody")
                : null}
          </p>
        </div>
        {linked && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t("status.linkedAt", { date: formatDateTime(linked.linkedAt) })}
          </p>
        )}
        {linked && linked.reachable === false && (
          <Alert tone="info" testId="line-unreachable">
            <p>{t("status.unreachable")}</p>
            {status.addFriendUrl && (
              <a
                href={status.addFriendUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={`mt-1 inline-block rounded-sm font-medium underline ${focusRing}`}
              >
                {t("status.addFriend")}
              </a>
            )}
          </Alert>
        )}

        {linked ? (
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="unlink" />
            <p className="text-xs text-slate-500 dark:text-slate-400">{t("unlink.hint")}</p>
            <SubmitButton tone="secondary">{t("unlink.button")}</SubmitButton>
          </Form>
        ) : status.available ? (
          <div className="space-y-2">
            {/* A plain link: the start page answers with a redirect to LINE's login page, a
                top-level navigation that no form-action or connect-src rule has to allow.
                LINE's green, darkened until white text on it is readable (4.6:1). */}
            <a
              href="/users/line-connect/start"
              className={`${buttonBase} bg-[#05873a] text-white hover:bg-[#046c2e] ${focusRing}`}
              data-testid="line-connect"
            >
              {t("connect.button")}
            </a>
            <p className="text-xs text-slate-500 dark:text-slate-400">{t("connect.hint")}</p>
          </div>
        ) : (
          <Alert tone="info" testId="line-unavailable">
            {t("connect.notConfigured")}
          </Alert>
        )}
      </Section>

      {!linked && status.available && (
        // On a phone the button above is the way; the QR code is for desktops.
        <div className="hidden md:block">
          <Section title={t("connect.qrTitle")} testId="line-qr">
            <div className="flex items-start gap-5">
              {qr ? (
                <img
                  src={qr}
                  alt={t("connect.qrAlt")}
                  width={176}
                  height={176}
                  className="h-44 w-44 shrink-0 rounded-md border border-slate-200 bg-white p-1 dark:border-slate-700"
                  data-testid="line-qr-image"
                />
              ) : (
                <Alert tone="error" testId="line-qr-error">
                  {t("errors.qr")}
                </Alert>
              )}
              {qr && (
                <p className="text-sm text-slate-600 dark:text-slate-300">{t("connect.qrLead")}</p>
              )}
            </div>
          </Section>
        </div>
      )}

      {linked && (
        <Section title={t("prefs.title")} testId="line-prefs">
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("prefs.lead")}</p>
          {done === "preferences" && (
            <Alert tone="success" testId="line-prefs-saved">
              {t("prefs.saved")}
            </Alert>
          )}
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="preferences" />
            <fieldset className="space-y-3">
              <legend className="sr-only">{t("prefs.title")}</legend>
              {PREFS.map((p) => (
                <CheckboxField
                  key={`${p}-${String(status.preferences[p])}`}
                  name={p}
                  label={t(`prefs.${p}`)}
                  defaultChecked={status.preferences[p]}
                />
              ))}
            </fieldset>
            <SubmitButton>{t("prefs.save")}</SubmitButton>
          </Form>
        </Section>
      )}
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
