import type { ToolPageDetail } from "./tool";

export const SITE_NAME = "Business AI Tools Directory";

export function pageTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}

/** The tool page's title and description, from its SEO fields with sensible fallbacks. */
export function toolMeta(tool: ToolPageDetail): { title: string; description: string } {
  return {
    title: tool.seo.titleTag || pageTitle(`${tool.name}: features, pricing and reviews`),
    description: tool.seo.metaDescription || tool.metaDescription || tool.cardDescription,
  };
}
