import { LegalPage } from "~/features/legal/legal-page";
import { absoluteUrl, canonicalOf, pageTitle } from "~/lib/seo";
import type { Route } from "./+types/disclaimer";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle("Disclaimer") },
    {
      name: "description",
      content: "How to read the listings, ratings and prices in Business AI Tools Directory.",
    },
    ...canonicalOf(loaderData),
  ];
}

export function loader({ context }: Route.LoaderArgs) {
  return { canonicalUrl: absoluteUrl("/disclaimer", context.appUrl) };
}

const SECTIONS = [
  {
    heading: "Information, not advice",
    paragraphs: [
      "Listings describe what a tool says it does. They are not professional, legal, financial or security advice. Before you adopt a tool, try it yourself and check that it meets your own requirements, including how it handles your data.",
    ],
  },
  {
    heading: "Prices and features change",
    paragraphs: [
      "Vendors change their plans, prices and features often. We update listings regularly, but the vendor's own website is always the authority on current terms.",
    ],
  },
  {
    heading: "Ratings and popularity",
    paragraphs: [
      "Ratings, likes and view counts reflect the activity of people using this directory. They are a signal, not an endorsement, and they can be influenced by how long a tool has been listed.",
    ],
  },
  {
    heading: "Independence",
    paragraphs: [
      "Vendors cannot pay to change a listing's description, rating or position in search results. If a listing is ever sponsored, it will be clearly marked as such.",
    ],
  },
];

export default function Disclaimer() {
  return (
    <LegalPage
      title="Disclaimer"
      updated="November 1, 2026"
      intro="Business AI Tools Directory helps you discover and compare AI tools. Here is how to read what you find here."
      sections={SECTIONS}
    />
  );
}
