import { Link, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FormErrorShape } from "#app/components/ui/form";
import { actionLink } from "#app/components/ui/link";
import { PageTitle } from "#app/components/ui/PageTitle";

/**
 * The page around an admin record form (create a campaign, edit a broker...): the way back to
 * the list, the heading, then the form. A record's sub-page (a gacha's reward) sits under the
 * record's own title, so its heading is a section's.
 */
export function AdminFormPage({
  back,
  backLabel,
  title,
  level = "page",
  children,
}: {
  back: string;
  backLabel: string;
  title: string;
  level?: "page" | "section";
  children: ReactNode;
}) {
  return (
    <div className="max-w-3xl space-y-4">
      <Link to={back} className={`${actionLink} text-sm`}>
        {backLabel}
      </Link>
      {level === "page" ? (
        <PageTitle>{title}</PageTitle>
      ) : (
        <h2 className="text-lg font-semibold">{title}</h2>
      )}
      {children}
    </div>
  );
}

interface RefusedForm {
  ok: false;
  error: FormErrorShape;
  values: Record<string, string>;
}

/**
 * What the record form's action refused: the values to type back in (`echoed`, empty before
 * any attempt) and the error to show.
 */
export function useRefusedForm() {
  const data = useActionData<RefusedForm | { ok: true }>();
  const refused = data && !data.ok ? data : null;
  return { echoed: refused?.values ?? {}, error: refused?.error ?? null };
}

/**
 * A yes/no field after a refusal: as it was sent (a ticked box is "on", an unticked one is not
 * sent at all), else (nothing echoed) the record's own value.
 */
function echoedFlag(echoed: Record<string, string>, name: string, fallback: boolean) {
  return Object.keys(echoed).length === 0 ? fallback : echoed[name] === "on";
}

/**
 * A record form's values after a refusal: the record's (or the empty form's), then what was
 * sent over them, its yes/no fields `flag` as sent (echoedFlag); before any attempt, the record's.
 */
export function withEchoed<V extends object>(
  initial: V,
  echoed: Record<string, string>,
  flag: (keyof V & string) | (keyof V & string)[],
): V {
  const flags = Array.isArray(flag) ? flag : [flag];
  return {
    ...initial,
    ...echoed,
    ...Object.fromEntries(flags.map((f) => [f, echoedFlag(echoed, f, Boolean(initial[f]))])),
  };
}
