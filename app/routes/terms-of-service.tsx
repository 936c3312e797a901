import { LegalPage } from "~/features/legal/legal-page";
import { CONTACT_EMAIL } from "~/lib/constants";
import { absoluteUrl, canonicalOf, pageTitle } from "~/lib/seo";
import type { Route } from "./+types/terms-of-service";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle("Terms of Service") },
    {
      name: "description",
      content: "The terms that apply when you use Business AI Tools Directory.",
    },
    ...canonicalOf(loaderData),
  ];
}

export function loader({ context }: Route.LoaderArgs) {
  return { canonicalUrl: absoluteUrl("/terms-of-service", context.appUrl) };
}

const SECTIONS = [
  {
    heading: "Using the directory",
    paragraphs: [
      "You may browse, search and compare the tools listed here for your own business or personal use. Please do not copy the catalogue in bulk, scrape it in a way that burdens the service, or try to get around its security.",
    ],
  },
  {
    heading: "Accounts",
    paragraphs: [
      "You are responsible for keeping your password safe and for what happens under your account. Give us a working email address so that we can verify your account and help you recover it. We may suspend accounts that abuse the service or other users.",
    ],
  },
  {
    heading: "Listings and third-party tools",
    paragraphs: [
      "Tool descriptions, prices and features are provided in good faith and may change without notice. The tools themselves are offered by their vendors under their own terms; your use of them is a matter between you and the vendor.",
    ],
  },
  {
    heading: "Our content",
    paragraphs: [
      "The site's design, text and code belong to us or our licensors. Tool names and logos belong to their owners and are used only to identify their products.",
    ],
  },
  {
    heading: "Liability",
    paragraphs: [
      "The directory is provided as it is. To the extent the law allows, we are not liable for losses that come from relying on a listing or from using a third-party tool. Nothing in these terms limits liability that cannot be limited by law.",
    ],
  },
  {
    heading: "Changes and contact",
    paragraphs: [
      `We may update these terms; when the change is significant we will say so on the site. Questions are welcome at ${CONTACT_EMAIL}.`,
    ],
  },
];

export default function TermsOfService() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 1, 2026"
      intro="These terms apply when you use Business AI Tools Directory. By using the site you agree to them; if you do not agree, please do not use it."
      sections={SECTIONS}
    />
  );
}
