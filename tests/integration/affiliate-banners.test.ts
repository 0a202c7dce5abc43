import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { rowWhere } from "../helpers/db";
import { imageSize } from "#server/features/affiliate/banners";
import { localStorage } from "#server/storage";
import { sniffImage } from "#server/storage/images";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser, testConfig } from "../helpers/fixtures";
import { fixture, pngWithText, SECRET } from "../helpers/images";
import { refusal } from "../helpers/outcome";
import { auditsOf } from "../helpers/audit";

const t = fileDatabase();
const storage = localStorage(mkdtempSync(path.join(tmpdir(), "portal-banners-")));
let adminId: string;
let admin: Awaited<ReturnType<typeof callerFor>>;
let member: Awaited<ReturnType<typeof callerFor>>;
const CODE = "bannerref01";

function fields(overrides: Record<string, unknown> = {}) {
  return {
    title: "Spring banner",
    alt: "Cashback portal",
    displayOrder: "10",
    active: true,
    image: fixture("avatar.png"),
    ...overrides,
  };
}

beforeAll(async () => {
  adminId = (await createUser(t.db, { permission: "admin" })).id;
  admin = await callerFor(t.db, adminId, { storage });
  const m = await createUser(t.db, { referralCode: CODE });
  member = await callerFor(t.db, m.id, { storage });
});

describe("affiliate banners", () => {
  it("reads the pixel size of each accepted type", () => {
    for (const name of ["avatar.png", "avatar.jpg", "avatar.webp"] as const) {
      const bytes = fixture(name);
      expect(imageSize(sniffImage(bytes)!, bytes)).toEqual({ width: 48, height: 48 });
    }
  });

  it("only admins manage banners; members only list active ones; anyone reads images", async () => {
    expect(await refusal(member.affiliate.createBanner(fields()))).toBe("forbidden");
    expect(await refusal(member.affiliate.adminBanners())).toBe("forbidden");
    const anyone = await callerFor(t.db, undefined, { storage });
    expect(await refusal(anyone.affiliate.banners())).toBe("loginRequired");
    expect(await refusal(anyone.affiliate.adminBanners())).toBe("loginRequired");
    const { id } = await admin.affiliate.createBanner(fields({ title: "Roles" }));
    expect(await refusal(member.affiliate.updateBanner({ id, ...fields({ active: false }) }))).toBe(
      "forbidden",
    );
    const row = (await admin.affiliate.adminBanners()).find((b) => b.id === id)!;
    const image = await anyone.affiliate.bannerImage({ file: row.file });
    expect(image.contentType).toBe("image/png");
  });

  it("validates fields and the image", async () => {
    expect(
      await refusal(
        admin.affiliate.createBanner(fields({ title: " ", alt: "", displayOrder: "x" })),
      ),
    ).toEqual({ title: "required", alt: "required", displayOrder: "displayOrder" });
    expect(
      await refusal(
        admin.affiliate.createBanner(fields({ title: "a".repeat(101), alt: "b".repeat(201) })),
      ),
    ).toEqual({ title: "tooLong", alt: "tooLong" });
    expect(await refusal(admin.affiliate.createBanner(fields({ displayOrder: "10000" })))).toEqual({
      displayOrder: "displayOrder",
    });
    expect(await refusal(admin.affiliate.createBanner(fields({ image: undefined })))).toEqual({
      image: "imageEmpty",
    });
    expect(
      await refusal(
        admin.affiliate.createBanner(fields({ image: new TextEncoder().encode("<svg/>") })),
      ),
    ).toEqual({ image: "imageType" });
  });

  it("stores the image stripped under a random key with its size, and audits", async () => {
    const { id } = await admin.affiliate.createBanner(
      fields({ title: "Stored", image: pngWithText(fixture("avatar.png")) }),
    );
    const row = await rowWhere(t.db, "affiliate_banners", "id", id);
    expect(row.image_key).toMatch(/^banners\/[0-9a-f]{32}\.png$/);
    expect([row.width, row.height, row.active, row.created_by]).toEqual([48, 48, 1, adminId]);
    const bytes = await storage.get(row.image_key);
    expect(Buffer.from(bytes!).includes(SECRET)).toBe(false);
    const audit = await auditsOf(t.db, id);
    expect(audit).toMatchObject([{ actor_id: adminId, action: "affiliate.banner.create" }]);
  });

  it("escapes title and alt in the copyable HTML, which holds the member's link", async () => {
    const evil = `x" onerror="alert(1)"><script>alert('y')</script>&`;
    const { id } = await admin.affiliate.createBanner(
      fields({ title: evil, alt: evil, displayOrder: "0" }),
    );
    const banner = (await member.affiliate.banners()).find((b) => b.id === id)!;
    const origin = testConfig.APP_ORIGIN;
    const escaped =
      "x&quot; onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;alert(&#39;y&#39;)&lt;/script&gt;&amp;";
    expect(banner.html).toBe(
      `<a href="${origin}/register?ref=${CODE}"><img src="${origin}/media/banners/${banner.file}" ` +
        `width="48" height="48" alt="${escaped}"></a>`,
    );
    expect(banner.html).not.toContain("<script");
    expect(banner.html.match(/"/g)?.length).toBe(10);
    expect(banner.title).toBe(evil);
  });

  it("hides inactive banners from members; the image stays public; updates are audited", async () => {
    const { id } = await admin.affiliate.createBanner(fields({ title: "Hide me" }));
    expect((await member.affiliate.banners()).some((b) => b.id === id)).toBe(true);
    await admin.affiliate.updateBanner({
      id,
      ...fields({
        title: "Hidden",
        alt: "new alt",
        displayOrder: "5",
        active: false,
        image: undefined,
      }),
    });
    expect((await member.affiliate.banners()).some((b) => b.id === id)).toBe(false);
    const row = (await admin.affiliate.adminBanners()).find((b) => b.id === id)!;
    expect(row).toMatchObject({ title: "Hidden", alt: "new alt", displayOrder: 5, active: false });
    const anyone = await callerFor(t.db, undefined, { storage });
    expect((await anyone.affiliate.bannerImage({ file: row.file })).contentType).toBe("image/png");
    const audit = await auditsOf(t.db, id);
    // By action, not position: two writes in one millisecond have no order.
    expect(audit.map((a) => a.action).sort()).toEqual([
      "affiliate.banner.create",
      "affiliate.banner.update",
    ]);
    const data = JSON.parse(audit.find((a) => a.action === "affiliate.banner.update")!.data!) as {
      before: { active: number };
      after: { active: number };
    };
    expect([data.before.active, data.after.active]).toEqual([1, 0]);

    await admin.affiliate.updateBanner({
      id,
      ...fields({ active: true, image: fixture("avatar.jpg") }),
    });
    const again = (await member.affiliate.banners()).find((b) => b.id === id)!;
    expect(again.file).toMatch(/^[0-9a-f]{32}\.jpg$/);
  });

  it("orders members' banners by display order", async () => {
    const list = await member.affiliate.banners();
    const orders = (await admin.affiliate.adminBanners())
      .filter((b) => b.active)
      .map((b) => b.displayOrder);
    expect(list.length).toBe(orders.length);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
  });

  it("serves only keys a banner row holds", async () => {
    const anyone = await callerFor(t.db, undefined, { storage });
    for (const file of ["0123456789abcdef0123456789abcdef.png", "../avatars/x.png", ""]) {
      expect(await refusal(anyone.affiliate.bannerImage({ file }))).toBe("notFound");
    }
    await expect(
      admin.affiliate.updateBanner({
        id: "01ABCDEFGHJKMNPQRSTVWXYZ00",
        ...fields({ image: undefined }),
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
