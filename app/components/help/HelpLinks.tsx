import QuestionMarkCircleIcon from "@heroicons/react/24/outline/QuestionMarkCircleIcon";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { actionLink } from "#app/components/ui/link";

export interface HelpLinkItem {
  slug: string;
  title: string;
}

/**
 * Answers from the help centre beside the form or page they explain (the withdrawal and
 * transfer forms, /brokers, the chat): each opens /help/<slug>. Nothing when none is published.
 */
export function HelpLinks({
  links,
  title,
  testId = "help-links",
}: {
  links: readonly HelpLinkItem[];
  title?: string;
  testId?: string;
}) {
  const { t } = useTranslation("help");
  if (links.length === 0) return null;
  return (
    <nav aria-label={title ?? t("seeAlso")} data-testid={testId} className="text-sm">
      <p className="font-semibold text-slate-700 dark:text-slate-200">{title ?? t("seeAlso")}</p>
      <ul>
        {links.map((l) => (
          <li key={l.slug}>
            <Link
              to={`/help/${l.slug}`}
              className={`${actionLink} gap-1.5`}
              data-testid="help-link"
            >
              <QuestionMarkCircleIcon className="h-4 w-4 shrink-0" aria-hidden="true" />
              {l.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
