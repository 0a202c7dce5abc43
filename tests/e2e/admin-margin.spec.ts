import { expect, test, visit } from "./fixtures";
import { marginData } from "./margin-kit";

/**
 * The operator's margin in the browser: the cashback section's tab, a broker's months to the
 * yen (a dollar commission converted, an affiliate reward subtracted), the totals, the chart,
 * the CSV of the same rows, a broker whose reports carry no commission shown as unknown (not
 * as a margin of zero), and the admin home's link to it.
 */
test.describe("operator margin", () => {
  test("per broker and month to the yen, with its CSV; no commission is said, not zero", async ({
    page,
    db,
    login,
  }) => {
    const s = await marginData(db);
    await login("admin");

    // The cashback section's second tab.
    await visit(page, "/admin/cashback");
    await page.getByTestId("tab-cashback-margin").click();
    await expect(page).toHaveURL(/\/admin\/cashback\/margin$/);
    await expect(page.getByRole("heading", { level: 1, name: "運営マージン" })).toBeVisible();
    await expect(page.getByTestId("tab-cashback-margin")).toHaveAttribute("aria-current", "page");

    // One broker: this month and last month, newest first.
    await page.getByTestId("filter-broker").selectOption({ label: s.withCommission.name });
    await page.getByTestId("filters-apply").click();
    await expect(page).toHaveURL(new RegExp(`broker=${s.withId}`));
    const rows = page.getByTestId("margin-table").getByTestId("margin-row");
    await expect(rows).toHaveCount(2);
    const thisMonth = rows.nth(0);
    await expect(thisMonth).toHaveAttribute("data-month", s.d.thisMonth);
    for (const text of ["¥8,367", "¥4,012", "¥200", "¥4,155", "49.7%"])
      await expect(thisMonth).toContainText(text);
    const lastMonth = rows.nth(1);
    await expect(lastMonth).toHaveAttribute("data-month", s.d.lastMonth);
    for (const text of ["¥3,000", "¥1,000", "¥100", "¥1,900", "63.3%"])
      await expect(lastMonth).toContainText(text);
    await expect(page.getByTestId("margin-total-commission")).toHaveText("¥11,367");
    await expect(page.getByTestId("margin-total-margin")).toHaveText("¥6,055");
    await expect(page.getByTestId("margin-total-percent")).toHaveText("53.3%");
    await expect(page.getByTestId("margin-excluded")).toHaveCount(0);
    // Twelve months of bars, this month's written over it.
    const chart = page.getByTestId("margin-chart");
    await expect(chart.getByTestId("mini-bar")).toHaveCount(12);
    await expect(chart.getByTestId("mini-bar-value").last()).toHaveText("¥4,155");

    // The CSV: the same rows and figures, whole yen, the percentage as a number.
    const href = (await page.getByTestId("table-export").getAttribute("href"))!;
    expect(href).toContain(`broker=${s.withId}`);
    const csv = await page.request.get(href);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "月,ブローカーID,ブローカー,件数,IB報酬の記録なし（件）,IB報酬の記録,IB報酬（円）,会員キャッシュバック（円）,アフィリエイト報酬（円）,マージン（円）,マージン率（%）",
    );
    expect(lines.slice(1)).toEqual([
      `${s.d.thisMonth},${s.withId},${s.withCommission.name},3,0,すべて,8367,4012,200,4155,49.7`,
      `${s.d.lastMonth},${s.withId},${s.withCommission.name},1,0,すべて,3000,1000,100,1900,63.3`,
    ]);

    // A broker whose report has no commission: its margin is unknown, and says why.
    await page.getByTestId("filter-broker").selectOption({ label: s.without.name });
    await page.getByTestId("filters-apply").click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId("margin-value")).toHaveText("—");
    await expect(rows.first().getByTestId("margin-commission-note")).toHaveText(
      "IB報酬の記録なし（1件）",
    );
    await expect(page.getByTestId("margin-total-margin")).toHaveText("—");
    await expect(page.getByTestId("margin-excluded")).toContainText("1件");
    const unknown = await page.request.get(
      (await page.getByTestId("table-export").getAttribute("href"))!,
    );
    expect((await unknown.text()).trim().split("\r\n")[1]).toBe(
      `${s.d.thisMonth},${s.withoutId},${s.without.name},1,1,なし,,800,0,,`,
    );
  });

  test("the admin home shows this month's margin beside the work queue, linking to the page", async ({
    page,
    db,
    login,
  }) => {
    await marginData(db);
    await login("admin");
    await visit(page, "/admin");
    const card = page.getByTestId("home-margin");
    await expect(card).toHaveAttribute("href", "/admin/cashback/margin");
    // Other specs credit cashback meanwhile: the figure is a margin in yen or "—", with its %.
    await expect(card).toContainText(/¥[\d,]+|—/);
    await expect(page.getByTestId("home-margin-percent")).toHaveText(
      /マージン率 (-?\d+\.\d%|—)|IB報酬の記録がありません/,
    );
    await card.click();
    await expect(page.getByRole("heading", { level: 1, name: "運営マージン" })).toBeVisible();
  });
});
