import { title } from "#app/lib/page-title";
import { answerRefusals } from "#app/lib/refusals.server";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Section } from "#app/components/ui/card";
import { actionLink } from "#app/components/ui/link";
import { useTranslation } from "react-i18next";
import { type FormErrorShape } from "#app/components/ui/form";
import { attempt, formFailure, parseForm } from "#app/lib/forms.server";
import { keepWorkWhenOffline } from "#app/lib/forms-offline";
import { handleReauth } from "#app/lib/reauth.server";
import { fileBytes, readUploadForm } from "#app/lib/upload.server";

import { passkeyStepUp } from "#app/components/ReauthForm";
import { ImageSection, PaymentSection, ProfileSection } from "./__sections";
import { NotificationsSection } from "./__notifications";
import { DataExportSection } from "./__data-export";
import { PageTitle } from "#app/components/ui/PageTitle";
import * as z from "zod";
import { PAYMENT_FIELDS } from "#domain/withdrawal";
import { notificationsForm, paymentDetailsForm, profileInput } from "#domain/profile";

export const handle = { title: title.key("nav.profile"), i18n: ["profile", "auth", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  const [profile, payment, security, notifications, dataExport] = await Promise.all([
    context.trpc.profile.me(),
    context.trpc.profile.paymentDetails(),
    context.trpc.auth.security(),
    context.trpc.profile.notificationPrefs(),
    context.trpc.profile.dataExport(),
  ]);
  return json({
    profile,
    payment,
    mfaEnabled: security.mfaEnabled,
    passkey: passkeyStepUp(security),
    lineReauth: security.lineReauth,
    notifications,
    dataExport,
  });
});

export { PAYMENT_FIELDS };

type Intent =
  "profile" | "image" | "removeImage" | "reauth" | "payment" | "notifications" | "dataExport";

function failure(intent: Intent, key: string) {
  return formFailure({ key, params: null, fieldErrors: {} }, { intent });
}

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    // The image form is multipart (a file); the others are ordinary forms.
    if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
      const upload = await readUploadForm(request);
      if (upload.tooLarge) return failure("image", "imageTooLarge");
      const image = await fileBytes(upload.form, "image");
      if (!image) return failure("image", "imageEmpty");
      const result = await attempt({ intent: "image" }, () =>
        context.trpc.profile.uploadImage({ image }),
      );
      return result.ok ? json({ ok: true as const, intent: "image" as Intent }) : result.response;
    }

    const parsed = await parseForm(request, mypageForm());
    if (!parsed.ok) return parsed.response;
    const { value, values, form } = parsed;
    const { intent } = value;
    if (value.intent === "profile") {
      const { intent: _, ...input } = value;
      const result = await attempt(values, () => context.trpc.profile.update(input));
      return result.ok ? json({ ok: true as const, intent }) : result.response;
    }
    if (intent === "removeImage") {
      const result = await attempt({ intent }, () => context.trpc.profile.removeImage());
      return result.ok ? json({ ok: true as const, intent }) : result.response;
    }
    if (intent === "dataExport") {
      const result = await attempt({ intent }, () => context.trpc.profile.requestDataExport());
      return result.ok ? json({ ok: true as const, intent }) : result.response;
    }
    if (intent === "reauth") {
      const result = await handleReauth(form, context);
      return result.ok ? json({ ok: true as const, intent }) : result.response;
    }
    if (value.intent === "payment") {
      const { intent: _, ...input } = value;
      // Where payouts go: a failure keeps what was typed. Saving sets values, so sending again
      // is safe whether or not the first try was recorded.
      const result = await attempt(values, () => context.trpc.profile.updatePaymentDetails(input), {
        money: { log: context.log, unsureKey: "submitUnsureSaved" },
      });
      return result.ok
        ? json({ ok: true as const, intent, changed: result.data.changed.length })
        : result.response;
    }
    // The notification switches; LINE's only when the page showed them.
    if (value.intent !== "notifications") throw new Response(null, { status: 400 });
    const result = await attempt({ intent }, () =>
      context.trpc.profile.saveNotificationPrefs({
        mail: value.mail,
        line: value.lineShown ? value.line : null,
      }),
    );
    return result.ok ? json({ ok: true as const, intent }) : result.response;
  },
);

/**
 * The page's forms, each named by its `intent`: the profile and the payment details are the
 * procedures' own inputs (the browser checks them with the same); re-authentication and the
 * notification switches are read by their own code. Any other intent is refused (400).
 */
function mypageForm() {
  return z.discriminatedUnion("intent", [
    profileInput.extend({ intent: z.literal("profile") }),
    paymentDetailsForm.extend({ intent: z.literal("payment") }),
    notificationsForm.extend({ intent: z.literal("notifications") }),
    z.object({ intent: z.enum(["removeImage", "reauth", "dataExport"]) }),
  ]);
}

/** A request lost on the way (no signal) keeps the page and the input too. */
export const clientAction = keepWorkWhenOffline("submitUnsureSaved");

type ActionData = ReturnType<typeof useActionData<typeof action>>;

export function resultFor(data: ActionData, intent: Intent) {
  if (!data) return { ok: false, error: null, values: {} as Record<string, string> };
  if (data.ok) return { ok: data.intent === intent, error: null, values: {} };
  const values = data.values as Record<string, string>;
  return values.intent === intent
    ? { ok: false, error: data.error as FormErrorShape, values }
    : { ok: false, error: null, values: {} };
}

/** /users/mypage: the member's profile, image, language and payment details. */
export default function MyPage() {
  const { t } = useTranslation("profile");
  const { profile, payment, mfaEnabled, passkey, lineReauth, notifications, dataExport } =
    useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle>{t("title")}</PageTitle>
      <ProfileSection profile={profile} result={resultFor(data, "profile")} />
      <ImageSection
        imageVersion={profile.imageVersion}
        nickname={profile.nickname}
        result={resultFor(data, "image")}
        removed={resultFor(data, "removeImage")}
      />
      <PaymentSection
        payment={payment}
        email={profile.email}
        mfaEnabled={mfaEnabled}
        passkey={passkey}
        lineReauth={lineReauth}
        reauth={resultFor(data, "reauth")}
        result={resultFor(data, "payment")}
        changed={
          data?.ok && data.intent === "payment" && "changed" in data ? Number(data.changed) : null
        }
      />
      <NotificationsSection prefs={notifications} result={resultFor(data, "notifications")} />
      <DataExportSection dataExport={dataExport} result={resultFor(data, "dataExport")} />
      <Section title={t("closing.title")} testId="close-account-section">
        <p className="text-sm">{t("closing.intro")}</p>
        <Link to="/users/close-account" className={actionLink}>
          {t("closing.open")}
        </Link>
      </Section>
    </div>
  );
}

export type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
export type Result = ReturnType<typeof resultFor>;

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
