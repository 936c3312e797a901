import { data, redirect, type MetaDescriptor } from "react-router";
import {
  ComparePage,
  CompareProblemPage,
  CompareUnlistedPage,
} from "~/features/compare/compare-page";
import { comparePath } from "~/lib/compare";
import { compareOgImagePath } from "~/lib/og-image";
import { absoluteUrl, canonicalLink, pageTitle } from "~/lib/seo";
import { socialMeta } from "~/lib/social-meta";
import type { Route } from "./+types/compare";

// /compare/{a}-vs-{b}[-vs-...]: the services read the address against the online
// tools; this module answers with the comparison, a redirect, a 400 page or the site's 404.

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context;
  const page = services.resolveComparePath(params["*"] ?? "");
  switch (page.kind) {
    case "not-found":
      throw data("Page not found", { status: 404 });
    case "not-listed":
      // A tray can keep a tool after it went offline: say which, and offer the rest.
      return data(
        { kind: "not-listed" as const, unlisted: page.unlisted, listed: page.listed },
        { status: 404 },
      );
    case "moved":
      throw redirect(page.to, 301);
    case "too-many":
    case "repeated":
      return data(
        {
          kind: "problem" as const,
          problem: page.kind,
          comparePath: "path" in page ? page.path : null,
        },
        { status: 400 },
      );
    case "comparison": {
      const tools = await services.getComparison(page.slugs);
      // Gone between reading the address and the records (an admin took it offline).
      if (!tools) throw data("Page not found", { status: 404 });
      return {
        kind: "comparison" as const,
        tools,
        canonicalUrl: absoluteUrl(comparePath(page.slugs), context.appUrl),
        imageUrl: absoluteUrl(compareOgImagePath(tools), context.appUrl),
      };
    }
  }
}

export function meta({ loaderData }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) return [{ title: pageTitle("Page not found") }];
  if (loaderData.kind === "not-listed") {
    return [{ title: pageTitle("Tools not listed") }, { name: "robots", content: "noindex" }];
  }
  if (loaderData.kind === "problem") {
    const title =
      loaderData.problem === "too-many" ? "Too many tools to compare" : "A tool is named twice";
    return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
  }
  const { tools, canonicalUrl, imageUrl } = loaderData;
  const title = pageTitle(tools.map((tool) => tool.name).join(" vs "));
  const names = new Intl.ListFormat("en-US").format(tools.map((tool) => tool.name));
  const description = `${names} compared side by side: category, pricing, ratings, likes, views, key features and more.`;
  return [
    { title },
    { name: "description", content: description },
    canonicalLink(canonicalUrl),
    ...socialMeta({ title, description, url: canonicalUrl, image: imageUrl }),
  ];
}

export default function Page({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "not-listed") {
    return <CompareUnlistedPage unlisted={loaderData.unlisted} listed={loaderData.listed} />;
  }
  if (loaderData.kind === "problem") {
    return <CompareProblemPage problem={loaderData.problem} comparePath={loaderData.comparePath} />;
  }
  return <ComparePage tools={loaderData.tools} />;
}
