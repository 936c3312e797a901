import { HomePage } from "~/features/home/home-page";
import { absoluteUrl, canonicalLink, feedLinks, SITE_NAME } from "~/lib/seo";
import { socialMeta } from "~/lib/social-meta";
import type { Route } from "./+types/home";

const TITLE = `${SITE_NAME} | Find and compare AI tools for business`;
const DESCRIPTION =
  "Compare 1000+ AI tools for marketing, sales, support, finance, HR and operations. Honest descriptions, real pricing, and a shortlist in minutes.";

export function meta({ loaderData }: Route.MetaArgs) {
  const head = [{ title: TITLE }, { name: "description", content: DESCRIPTION }];
  if (!loaderData) return head;
  const url = loaderData.canonicalUrl;
  return [
    ...head,
    canonicalLink(url),
    ...socialMeta({ title: TITLE, description: DESCRIPTION, url, image: null }),
    ...feedLinks(),
  ];
}

export function loader({ context }: Route.LoaderArgs) {
  return { ...context.services.getHomeData(), canonicalUrl: absoluteUrl("/", context.appUrl) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData} />;
}
