import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { NewsletterSignup } from "~/features/newsletter/newsletter-signup";

// An external newsletter form loads only once the visitor asks for it.

function render(page: React.ReactNode): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => page }]);
  return renderToString(<Stub />);
}

describe("the newsletter sign-up", () => {
  it("renders no iframe of the external form before the visitor asks for it", () => {
    const html = render(<NewsletterSignup embedUrl="https://letters.example.net/form/abc" />);
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("https://letters.example.net/form/abc");
    expect(html).toContain("Load the sign-up form from letters.example.net");
  });

  it("shows our own form with the consent text beside the button when nothing is embedded", () => {
    const html = render(<NewsletterSignup embedUrl={null} />);
    expect(html).not.toContain("<iframe");
    expect(html).toContain(
      "Send me the weekly Business AI Tools newsletter. I can unsubscribe at any time with the link in every email.",
    );
  });

  it("answers a request with the same check-your-inbox state whatever the address", () => {
    const html = render(<NewsletterSignup embedUrl={null} isSent />);
    expect(html).toContain("Check your inbox");
    expect(html).not.toContain('name="email"');
  });
});
