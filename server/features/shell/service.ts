import type { Config, FeatureFlags } from "../../config";
import type { CurrentSession } from "../../auth/session";
import type { Grants } from "../../auth/permissions";

export interface Viewer {
  user: {
    id: string;
    nickname: string;
    permission: "admin" | "member";
    /** Money pages say why they refuse while this is false (server/auth/verified-email). */
    emailVerified: boolean;
    /** An admin's grants: the admin menu shows only what they reach. */
    grants?: Grants;
  } | null;
  features: FeatureFlags;
  websiteUrl: string;
  /** The footer's contact address for visitors. */
  contactEmail: string;
  analytics: { gtmId: string | null; pixelId: string | null };
  /** A member's reached goals or popup wait to be shown (the session lookup found them). */
  due: { goals: boolean; popup: boolean };
}

/** What every page's shell needs to know: who is looking and which features are on. */
export function getViewer(config: Config, session: CurrentSession | null, grants?: Grants): Viewer {
  return {
    user: session
      ? {
          id: session.user.id,
          nickname: session.user.nickname,
          permission: session.user.permission,
          emailVerified: session.user.emailVerified,
          ...(grants && { grants }),
        }
      : null,
    features: config.FEATURES,
    websiteUrl: config.WEBSITE_URL ?? "/welcome",
    contactEmail: config.CONTACT_EMAIL,
    analytics: { gtmId: config.GTM_ID ?? null, pixelId: config.META_PIXEL_ID ?? null },
    due: {
      goals: session?.user.permission === "member" && session.due.goals,
      popup: session?.user.permission === "member" && session.due.popup,
    },
  };
}
