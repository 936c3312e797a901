import { describe, expect, it } from "vitest";
import { existingAccountMail } from "#server/mail/templates.server";

// Decision 010: the mail to the owner of an address someone tried to sign up with.

const APP_URL = "https://tools.example.com";

describe("the 'You already have an account' mail", () => {
  it("offers Google sign-in only where the site has it", () => {
    const mail = (hasGoogle: boolean, isConfirmed: boolean) =>
      existingAccountMail({ to: "o@example.com", appUrl: APP_URL, isConfirmed, hasGoogle });
    for (const isConfirmed of [true, false]) {
      expect(mail(true, isConfirmed).text).toContain("with your password or with Google");
      expect(mail(false, isConfirmed).text).not.toContain("Google");
      expect(mail(false, isConfirmed).html).not.toContain("Google");
    }
  });

  it("links a confirmed account's owner to the site, and an unconfirmed one's to the reset dialog", () => {
    const confirmed = existingAccountMail({
      to: "o@example.com",
      appUrl: APP_URL,
      isConfirmed: true,
      hasGoogle: false,
    });
    expect(confirmed.text).toContain(`Open the directory: ${APP_URL}`);
    expect(confirmed.text).not.toContain("forgotPassword");

    const unconfirmed = existingAccountMail({
      to: "o@example.com",
      appUrl: APP_URL,
      isConfirmed: false,
      hasGoogle: false,
    });
    expect(unconfirmed.subject).toBe("You already have an account");
    expect(unconfirmed.text).toContain("never confirmed");
    expect(unconfirmed.text).toContain(`Reset the password: ${APP_URL}/?forgotPassword=1`);
    expect(unconfirmed.html).toContain(`href="${APP_URL}/?forgotPassword=1"`);
  });
});
