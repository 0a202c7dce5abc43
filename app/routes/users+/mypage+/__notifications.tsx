import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Section } from "#app/components/ui/card";
import { textLink } from "#app/components/ui/link";
import type { Loaded, Result } from "./route";

/* /users/mypage: which money events the member hears about, by mail and (if linked) on LINE. */

export const NOTIFY_GROUPS = ["withdrawal", "transfer", "account", "rewards"] as const;
export type NotifyChannel = "mail" | "line";

/** The form field of one switch: "mail.withdrawal", "line.rewards", … */
export const notifyField = (channel: NotifyChannel, group: (typeof NOTIFY_GROUPS)[number]) =>
  `${channel}.${group}`;

/** A checkbox whose whole label row is the touch target (at least 44 px tall). */
function Switch({
  name,
  label,
  defaultChecked,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
}) {
  return (
    <label className="flex min-h-11 min-w-24 cursor-pointer items-center gap-3 rounded-md px-2 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800">
      <input
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        data-testid={`notify-${name.replace(".", "-")}`}
        className="h-5 w-5 rounded border-slate-300 text-emerald-600 focus:ring-emerald-600"
      />
      {label}
    </label>
  );
}

export function NotificationsSection({
  prefs,
  result,
}: {
  prefs: Loaded["notifications"];
  result: Result;
}) {
  const { t } = useTranslation("profile");
  const channels: NotifyChannel[] = prefs.line ? ["mail", "line"] : ["mail"];
  return (
    <Section title={t("notifications.title")} testId="notifications-section">
      <span id="notifications" className="sr-only" />
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("notifications.intro")}</p>
      {result.ok && (
        <Alert tone="success" testId="notifications-saved">
          {t("notifications.saved")}
        </Alert>
      )}
      <FormErrorAlert error={result.error} />
      <Form method="post" className="space-y-4" data-testid="notifications-form">
        <input type="hidden" name="intent" value="notifications" />
        {prefs.line && <input type="hidden" name="lineShown" value="1" />}
        <div className="divide-y divide-slate-200 dark:divide-slate-700">
          {NOTIFY_GROUPS.map((group) => (
            // The rule is on a wrapper: on the fieldset itself it would cross the legend.
            <div key={group} className="py-3 first:pt-0">
              <fieldset>
                <legend className="text-sm font-semibold text-slate-800 dark:text-slate-100">
                  {t(`notifications.groups.${group}.label`)}
                </legend>
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  {t(`notifications.groups.${group}.hint`)}
                </p>
                <div className="mt-1 flex flex-wrap gap-x-4">
                  {channels.map((channel) => (
                    <Switch
                      key={channel}
                      name={notifyField(channel, group)}
                      label={t(`notifications.${channel}`)}
                      defaultChecked={prefs[channel]?.[group] ?? true}
                    />
                  ))}
                </div>
              </fieldset>
            </div>
          ))}
        </div>
        {/* No invitation to link LINE where linking is not offered. */}
        {!prefs.line && prefs.lineLinkable && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t("notifications.lineNotLinked")}{" "}
            <Link to="/users/line-connect" className={`${textLink} inline-block py-3`}>
              {t("notifications.connectLine")}
            </Link>
          </p>
        )}
        <SubmitButton>{t("notifications.save")}</SubmitButton>
      </Form>
    </Section>
  );
}
