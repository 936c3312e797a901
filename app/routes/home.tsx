import { HomePage } from "~/features/home/home-page";
import { SITE_NAME } from "~/lib/seo";
import type { Route } from "./+types/home";

export function meta() {
  return [
    { title: `${SITE_NAME} | Find and compare AI tools for business` },
    {
      name: "description",
      content:
        "Compare 1000+ AI tools for marketing, sales, support, finance, HR and operations. Honest descriptions, real pricing, and a shortlist in minutes.",
    },
  ];
}

export function loader({ context }: Route.LoaderArgs) {
  return context.services.getHomeData();
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData} />;
}
