import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { openApp } from "./fixtures";
import { expect, test, uniqueEmail } from "./support/accounts";
import { waitForMail } from "./support/mailbox";

// The home page's "Get Implementation Support" promise: a form that mails the operator, through
// the real SMTP catcher. The e2e servers leave SUPPORT_EMAIL unset, so the mail goes to the
// default contact address. Every test comes from a client address of its own (support/accounts.ts).

const OPERATOR = "hello@businessaitools.example";

test("the home page's Get Implementation Support and the footer lead to the form", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Get Implementation Support" }).click();
  await expect(page).toHaveURL(/\/implementation-support$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get implementation support");
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "Implementation support" }),
  ).toHaveAttribute("href", "/implementation-support");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("names the fields at fault, then sends the request and the operator receives it", async ({
    page,
  }) => {
    await openApp(page, "/implementation-support");
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const form = page.getByRole("form", { name: "Implementation support request" });
    await expect(form.getByLabel("Work email")).toHaveAttribute("type", "email");

    await form.getByRole("button", { name: "Send request" }).click();
    const name = form.getByLabel("Name");
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Enter your name.");
    await expect(form.getByLabel("Work email")).toHaveAccessibleDescription(
      "Enter your email address.",
    );
    await expect(form.getByLabel("How can we help?")).toHaveAccessibleDescription(
      "Tell us what you would like help with.",
    );
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    const person = `Grace ${randomUUID().slice(0, 8)}`;
    const email = uniqueEmail("support");
    // Keyboard only: the fields in order, the honeypot never reached.
    await name.fill(person);
    await page.keyboard.press("Tab");
    await expect(form.getByLabel("Work email")).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await expect(form.getByLabel("Company (optional)")).toBeFocused();
    await page.keyboard.type("Compilers Inc");
    await page.keyboard.press("Tab");
    await page.keyboard.type("We would like help choosing a meeting-notes tool for 40 people.");
    await page.keyboard.press("Tab");
    await expect(form.getByRole("button", { name: "Send request" })).toBeFocused();
    await page.keyboard.press("Enter");

    const thanks = page.getByRole("heading", { name: "Thank you, your request is on its way" });
    await expect(thanks).toBeFocused();
    await expect(page.getByText(`We will answer you at ${email}.`)).toBeVisible();

    const mail = await waitForMail(OPERATOR, {
      subject: new RegExp(`^Implementation support request from ${person}$`),
    });
    expect(mail.headers["reply-to"]).toBe(email);
    expect(mail.text).toContain(`${person} (${email}) from Compilers Inc`);
    expect(mail.text).toContain("We would like help choosing a meeting-notes tool for 40 people.");
  });
});

test("shows Sending... while the request is on its way", async ({ page }) => {
  await openApp(page, "/implementation-support");
  const form = page.getByRole("form", { name: "Implementation support request" });
  await form.getByLabel("Name").fill("Katherine Johnson");
  await form.getByLabel("Work email").fill(uniqueEmail("pending"));
  await form.getByLabel("How can we help?").fill("Which tools help us plan trajectories?");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/implementation-support.data*", async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
  release();
  await expect(
    page.getByRole("heading", { name: "Thank you, your request is on its way" }),
  ).toBeVisible();
});

test("a request from another site is refused", async ({ request }) => {
  const response = await request.post("/implementation-support", {
    headers: { Origin: "https://elsewhere.example" },
    form: {
      name: "Mallory",
      email: "mallory@example.com",
      company: "",
      message: "A request another site sent in your name.",
    },
  });
  expect(response.status()).toBe(403);
});
