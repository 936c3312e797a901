import { expect, test } from "@playwright/test";

// The same start on an empty PostgreSQL database: migrated, seeded and serving.

test("an empty PostgreSQL database is migrated and seeded, and the pages render", async ({
  page,
  request,
}) => {
  expect(await (await request.get("/healthz")).json()).toMatchObject({
    ok: true,
    database: "postgres",
  });
  const { total } = await (await request.get("/api/tools?limit=1")).json();
  expect(total).toBeGreaterThanOrEqual(1200);

  expect((await page.goto("/"))?.status()).toBe(200);
  await expect(
    page.getByRole("heading", { level: 1, name: "Business AI Tools Directory" }),
  ).toBeVisible();
  expect((await page.goto("/ai-tools"))?.status()).toBe(200);
  await expect(page.getByRole("article")).toHaveCount(21);
});
