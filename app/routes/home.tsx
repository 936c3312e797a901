import { homeHead } from "~/features/home/home-head.server";
import { HomePage } from "~/features/home/home-page";
import type { Route } from "./+types/home";

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData?.head ?? [];
}

export function loader({ context }: Route.LoaderArgs) {
  return { ...context.services.getHomeData(), head: homeHead(context.appUrl) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData} />;
}
