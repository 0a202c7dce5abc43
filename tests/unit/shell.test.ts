import { describe, expect, it } from "vitest";
import {
  ADMIN_NAV,
  type AdminNavItem,
  enabled,
  MEMBER_NAV,
  VISITOR_NAV,
} from "#app/components/shell/nav-items";
import { followsInApp } from "#app/components/shell/app-anchor";
import { shouldTrackPageView } from "#app/lib/analytics";
import {
  effectiveTheme,
  isCurrentPath,
  layoutFor,
  shellOf,
  themeFromCookieHeader,
} from "#app/lib/shell";
import { DEFAULT_FEATURES, type FeatureFlags } from "#server/config";

const admin = { permission: "admin" as const };
const member = { permission: "member" as const };

describe("layoutFor", () => {
  it("is minimal while authentication is undetermined, in any area", () => {
    for (const area of ["member", "admin", null] as const) {
      expect(layoutFor(area, undefined)).toBe("minimal");
    }
  });

  it("is the admin layout for admins anywhere", () => {
    for (const area of ["member", "admin", null] as const) {
      expect(layoutFor(area, admin)).toBe("admin");
    }
  });

  it("is the member layout in the member area", () => {
    expect(layoutFor("member", member)).toBe("member");
  });

  it("is split outside the member area for members and visitors", () => {
    for (const user of [member, null]) {
      expect(layoutFor(null, user)).toBe("split");
      expect(layoutFor("admin", user)).toBe("split");
    }
  });
});

describe("shellOf", () => {
  it("takes the area of the innermost route that declares one", () => {
    expect(shellOf([undefined, { area: "member" }, { i18n: ["x"] }])).toEqual({
      area: "member",
      lightOnly: false,
    });
    expect(shellOf([{ area: "admin" }, { area: "member" }]).area).toBe("member");
    expect(shellOf([undefined, null, { i18n: "x" }])).toEqual({ area: null, lightOnly: false });
  });

  it("is light only when any matched route asks for it", () => {
    expect(shellOf([{ area: "member" }, { lightOnly: true }]).lightOnly).toBe(true);
  });
});

describe("colour mode", () => {
  it("forces light on light-only pages and keeps the choice elsewhere", () => {
    expect(effectiveTheme(true, "dark")).toBe("light");
    expect(effectiveTheme(false, "dark")).toBe("dark");
    expect(effectiveTheme(false, "light")).toBe("light");
  });

  it.each([
    [undefined, "light"],
    [null, "light"],
    ["", "light"],
    ["theme=dark", "dark"],
    ["sid=abc; theme=dark; language=en", "dark"],
    ["theme=light", "light"],
    ["theme=purple", "light"],
    ["xtheme=dark", "light"],
    ["theme=darker", "light"],
  ] as const)("reads the theme cookie, defaulting to light: %j is %s", (header, theme) => {
    expect(themeFromCookieHeader(header)).toBe(theme);
  });
});

describe("isCurrentPath", () => {
  // Each case: the page's path, the link's path, and whether the link is current there.
  it.each([
    // Home links only on their exact path.
    ["/", "/", true],
    ["/users", "/", false],
    ["/admin", "/admin", true],
    ["/admin/customer", "/admin", false],
    ["/users", "/users", true],
    ["/users/bank", "/users", false],
    // Other links on their path and the pages below it.
    ["/users/ranking", "/users/ranking", true],
    ["/users/ranking/monthly", "/users/ranking", true],
    ["/users/rankingx", "/users/ranking", false],
    ["/users", "/users/ranking", false],
    ["/admin/campaigns/create", "/admin/campaigns", true],
    // The sidebar's Campaign link on the campaign pages under /users/campaigns.
    ["/users/campaign", "/users/campaign", true],
    ["/users/campaigns", "/users/campaign", true],
    ["/users/campaigns/01ABC/complete", "/users/campaign", true],
    ["/users/campaignsx", "/users/campaign", false],
  ] as const)("on %s the link to %s is current: %s", (path, to, current) => {
    expect(isCurrentPath(path, to)).toBe(current);
  });
});

function links(items: AdminNavItem[]): string[] {
  return items.map((item) => (item.kind === "link" ? item.to : `group:${item.id}`));
}

const ALL_ON: FeatureFlags = {
  walletBalance: true,
  summaryReport: true,
  gacha: true,
  cashbackMarathon: true,
  challengeMission: true,
  stores: true,
};

describe("navigation", () => {
  it("lists the specification's 15 member routes in order, the statement after the money entries", () => {
    expect(MEMBER_NAV.map((item) => item.to)).toEqual([
      "/users",
      "/users/cb_marathon",
      "/users/campaign",
      "/users/mypage",
      "/users/chat",
      "/users/bank",
      "/users/ea",
      "/users/cashback",
      "/users/cashback-battle",
      "/users/ranking",
      "/users/present",
      "/users/withdraw",
      "/users/statement",
      "/users/gachas",
      "/users/affiliate",
      "/users/line-connect",
    ]);
  });

  it("gives every member entry a distinct label and icon", () => {
    const labels = MEMBER_NAV.map((item) => item.labelKey);
    expect(new Set(labels).size).toBe(labels.length);
    expect(MEMBER_NAV.every((item) => item.icon)).toBe(true);
  });

  it("offers login, register and the public broker rates to visitors", () => {
    expect(VISITOR_NAV.map((item) => item.to)).toEqual(["/login", "register", "/brokers"]);
  });

  it("lists the admin menu's 15 top-level entries in order", () => {
    expect(links(ADMIN_NAV)).toEqual([
      "/admin",
      "/admin/customer",
      "/admin/account",
      "/admin/cashback",
      "/admin/ranking",
      "/admin/present",
      "/admin/withdraw",
      "/admin/affiliate",
      "/admin/cb_marathon",
      "group:campaigns",
      "group:gachas",
      "/admin/eas",
      "/admin/update",
      "/admin/popups",
      "/admin/setting",
    ]);
    // The menu component appends the external website and logout: 17 entries in all.
    expect(ADMIN_NAV.length + 2).toBe(17);
    expect(ADMIN_NAV[0]).toMatchObject({ labelKey: "admin.home" });
  });

  it("opens campaign and gacha groups onto their list and create pages", () => {
    const groups = ADMIN_NAV.filter((item) => item.kind === "group");
    expect(Object.fromEntries(groups.map((g) => [g.id, g.children.map((c) => c.to)]))).toEqual({
      campaigns: ["/admin/campaigns", "/admin/campaigns/create"],
      gachas: ["/admin/gachas", "/admin/gachas/create"],
    });
  });

  it("keeps every entry when all features are on", () => {
    expect(enabled(MEMBER_NAV, ALL_ON)).toEqual(MEMBER_NAV);
    expect(enabled(ADMIN_NAV, ALL_ON)).toEqual(ADMIN_NAV);
    expect(enabled(MEMBER_NAV, DEFAULT_FEATURES)).toHaveLength(16);
  });

  it.each([
    {
      flag: "gacha",
      member: { gone: "/users/gachas", kept: "/users/cb_marathon" },
      admin: { gone: "group:gachas", kept: "/admin/cb_marathon" },
    },
    {
      flag: "cashbackMarathon",
      member: { gone: "/users/cb_marathon", kept: "/users/gachas" },
      admin: { gone: "/admin/cb_marathon", kept: "group:gachas" },
    },
  ] as const)("drops the entries of $flag when that flag is off", ({ flag, member, admin }) => {
    const flags = { ...ALL_ON, [flag]: false };
    const memberLinks = enabled(MEMBER_NAV, flags).map((item) => item.to);
    expect(memberLinks).not.toContain(member.gone);
    expect(memberLinks).toContain(member.kept);
    expect(memberLinks).toHaveLength(15);
    const adminLinks = links(enabled(ADMIN_NAV, flags));
    expect(adminLinks).not.toContain(admin.gone);
    expect(adminLinks).toContain(admin.kept);
    expect(adminLinks).toHaveLength(14);
  });

  it("keeps the remaining order when entries are dropped", () => {
    const flags = { ...ALL_ON, gacha: false, cashbackMarathon: false };
    expect(enabled(MEMBER_NAV, flags).map((item) => item.to)).toEqual(
      MEMBER_NAV.map((item) => item.to).filter(
        (to) => to !== "/users/gachas" && to !== "/users/cb_marathon",
      ),
    );
  });
});

describe("shouldTrackPageView", () => {
  it.each([
    ["?utm_medium=cpc", true],
    ["?utm_source=google&utm_medium=ad", true],
    ["utm_medium=cpc", true],
    ["", false],
    ["?utm_medium=email", false],
    ["?utm_medium=cpcx", false],
    ["?utm_source=cpc", false],
    ["?medium=ad", false],
  ] as const)("tracks paid traffic only: %j is %s", (search, tracked) => {
    expect(shouldTrackPageView(search)).toBe(tracked);
  });
});

describe("followsInApp (the shell's anchors)", () => {
  const plain = {
    button: 0,
    metaKey: false,
    altKey: false,
    ctrlKey: false,
    shiftKey: false,
    defaultPrevented: false,
  };
  const origin = "https://portal.example";
  const anchor = (target = "", download = false, at = origin) => ({
    target,
    origin: at,
    hasAttribute: (name: string) => name === "download" && download,
  });

  it("follows a plain left click on a link to this origin that opens here", () => {
    expect(followsInApp(plain, anchor(), origin)).toBe(true);
    expect(followsInApp(plain, anchor("_self"), origin)).toBe(true);
  });

  it.each([
    ["a middle click", { ...plain, button: 1 }],
    ["ctrl", { ...plain, ctrlKey: true }],
    ["cmd", { ...plain, metaKey: true }],
    ["shift", { ...plain, shiftKey: true }],
    ["alt", { ...plain, altKey: true }],
    ["a click another handler took", { ...plain, defaultPrevented: true }],
  ])("leaves %s to the browser", (_, click) => {
    expect(followsInApp(click, anchor(), origin)).toBe(false);
  });

  it("leaves a new window, a download and another origin to the browser", () => {
    expect(followsInApp(plain, anchor("_blank"), origin)).toBe(false);
    expect(followsInApp(plain, anchor("", true), origin)).toBe(false);
    expect(followsInApp(plain, anchor("", false, "https://other.example"), origin)).toBe(false);
  });
});
