import { expect, openApp, test } from "./fixtures";

// Browse filters: the pricing filter defaults to All Pricing.

test("the browse page opens with All Pricing as the pricing filter", async ({ page }) => {
  await openApp(page, "/ai-tools");
  const pricing = page.getByRole("navigation", { name: "Pricing" });
  await expect(pricing.getByRole("link")).toHaveText(["All Pricing", "Free", "Freemium", "Paid"]);
  await expect(pricing.getByRole("link", { name: "All Pricing" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  for (const name of ["Free", "Freemium", "Paid"]) {
    await expect(pricing.getByRole("link", { name, exact: true })).not.toHaveAttribute(
      "aria-current",
    );
  }

  await pricing.getByRole("link", { name: "Paid", exact: true }).click();
  await expect(page).toHaveURL(/pricing=Paid/);
  await expect(pricing.getByRole("link", { name: "All Pricing" })).not.toHaveAttribute(
    "aria-current",
  );
  await pricing.getByRole("link", { name: "All Pricing" }).click();
  await expect(page).not.toHaveURL(/pricing=/);
  await expect(pricing.getByRole("link", { name: "All Pricing" })).toHaveAttribute(
    "aria-current",
    "true",
  );
});
