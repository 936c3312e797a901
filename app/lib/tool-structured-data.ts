import { imageUrlCandidates } from "./image-path";
import type { PricingPlan } from "./pricing-plans";
import { toolOgImagePath } from "./og-image";
import { toolBreadcrumbs } from "./paths";
import { socialMeta } from "./social-meta";
import type { ToolPageDetail } from "./tool";

// Search engines' view of a tool page: Open Graph and Twitter cards, and JSON-LD for the
// application and the breadcrumb trail (schema.org SoftwareApplication, BreadcrumbList).

/** The large image of a tool as an absolute URL, or null when it has none. */
export function toolImageUrl(tool: ToolPageDetail, base: string): string | null {
  const [first] = imageUrlCandidates(tool.mainImage, "large");
  return first ? new URL(first, base).href : null;
}

export function toolSocialMeta(
  tool: ToolPageDetail,
  title: string,
  description: string,
  url: string,
) {
  // Every tool has a generated card image, sized as link previews expect.
  return socialMeta({ title, description, url, image: new URL(toolOgImagePath(tool), url).href });
}

const hasFreeTier = (tool: ToolPageDetail) =>
  tool.pricing.model === "Free" || tool.pricing.model === "Freemium";

const BILLING = {
  month: { billingDuration: "P1M", unitCode: "MON" },
  year: { billingDuration: "P1Y", unitCode: "ANN" },
} as const;

/**
 * A plan as a schema.org Offer. Its UnitPriceSpecification says what the price is for: a month
 * or a year (billingDuration, with UN/CEFACT's MON or ANN), one user, or one use.
 */
function planOffer(plan: PricingPlan) {
  const price = String(plan.price);
  const isUsage = plan.period === "usage" || plan.unit === "per-usage";
  const billing = plan.period === "month" || plan.period === "year" ? BILLING[plan.period] : null;
  return {
    "@type": "Offer",
    name: plan.name,
    price,
    priceCurrency: plan.currency,
    ...(plan.note && { description: plan.note }),
    ...((billing ?? isUsage) && {
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price,
        priceCurrency: plan.currency,
        ...billing,
        ...(plan.unit === "per-user" && {
          referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitText: "user" },
        }),
        ...(isUsage && { unitText: "use" }),
      },
    }),
  };
}

/** The plans as offers; without plans, the free tier a Free or Freemium listing states. */
function offersOf(tool: ToolPageDetail) {
  if (tool.plans.length > 0) return { offers: tool.plans.map(planOffer) };
  // An offer needs a price; the free tier of a Free or Freemium tool has one.
  if (hasFreeTier(tool)) {
    return {
      offers: { "@type": "Offer", price: "0", priceCurrency: "USD", category: tool.pricing.model },
    };
  }
  return {};
}

export function toolJsonLd(tool: ToolPageDetail, description: string, url: string) {
  const image = toolImageUrl(tool, url);
  const application = {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: tool.name,
    description,
    url,
    applicationCategory: "BusinessApplication",
    ...(tool.category && { applicationSubCategory: tool.subCategory ?? tool.category }),
    ...(image && { image }),
    ...(tool.websiteUrl !== "#" && { sameAs: tool.websiteUrl }),
    ...offersOf(tool),
    // Only real ratings (rating_avg and rating_count kept from people's rated
    // comments), and none at all before the first.
    ...(tool.ratingCount > 0 && {
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: Math.round(tool.ratingAvg * 100) / 100,
        ratingCount: tool.ratingCount,
        bestRating: 5,
        worstRating: 1,
      },
    }),
  };
  const breadcrumbs = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: toolBreadcrumbs(tool).map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: new URL(crumb.href ?? url, url).href,
    })),
  };
  return [application, breadcrumbs] as const;
}
