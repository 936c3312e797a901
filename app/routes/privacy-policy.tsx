import { LegalPage } from "~/features/legal/legal-page";
import { CONTACT_EMAIL } from "~/lib/constants";
import { absoluteUrl, canonicalOf, pageTitle } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle("Privacy Policy") },
    {
      name: "description",
      content:
        "What personal data Business AI Tools Directory collects, why, and the choices you have.",
    },
    ...canonicalOf(loaderData),
  ];
}

export function loader({ context }: Route.LoaderArgs) {
  return { canonicalUrl: absoluteUrl("/privacy-policy", context.appUrl) };
}

const SECTIONS = [
  {
    heading: "What we collect",
    paragraphs: [
      "When you browse the directory we process the technical data every website receives: your IP address, browser type and the pages you request. We use it to deliver pages, keep the service secure and count tool views. View counts are stored without any link to you.",
      "When you create an account we store your email address, an optional display name and a securely hashed password, or the basic profile your sign-in provider shares with us. We also store the tools you like so that we can show them on your account page.",
      "When you subscribe to the newsletter we store your email address, the consent text you agreed to, when you asked to subscribe and when you confirmed (and, if you leave, when you unsubscribed). Nothing is sent until you confirm by the link we mail you, and every email has a one-click unsubscribe.",
    ],
  },
  {
    heading: "Analytics and cookies",
    paragraphs: [
      "We use cookies that are strictly necessary to keep you signed in and to protect forms against abuse. These are always on.",
      "Analytics that help us understand which pages and tools are useful run only if you allow them. Analytics is off until you say otherwise, and you can change your choice at any time under Cookie preferences in the footer.",
    ],
  },
  {
    heading: "How we use your data",
    paragraphs: [
      "We use your data to run the directory, to keep your account and favourites, to send the emails you asked for (account verification, password resets and, if you subscribed, the newsletter) and to keep the service secure. We do not sell personal data and we do not share it with tool vendors.",
    ],
  },
  {
    heading: "How long we keep it",
    paragraphs: [
      "Account data is kept while your account exists. When you delete your account we remove your profile, your likes and your sessions. Newsletter subscriptions are kept until you unsubscribe. Server logs are kept for at most 30 days.",
    ],
  },
  {
    heading: "Your rights",
    paragraphs: [
      `You can ask us for a copy of your data, ask us to correct or delete it, or object to how we use it. Write to ${CONTACT_EMAIL} and we will answer within 30 days. You also have the right to complain to your data protection authority.`,
    ],
  },
];

export default function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 1, 2026"
      intro="This policy explains what personal data Business AI Tools Directory collects when you use the site, why we collect it, and the choices you have. We collect as little as we can."
      sections={SECTIONS}
    />
  );
}
