import { toTaxonomy, countCategories } from "~/lib/category-stats";
import { uniqueSlug } from "~/lib/slug";
import type { NewToolRow } from "../db/schema";
import { reservedSlugs } from "../services/tools/resolve-category-path.server";
import { DEMO_TAXONOMY, type DemoCategory, type DemoSubcategory } from "./demo-taxonomy.server";
import { generateDemoComments, type DemoComment } from "./demo-comments.server";
import { createRandom, type Random } from "../core/seeded-random.server";
import { demoFactsAndPlans } from "./demo-facts.server";

export const DEMO_TOOL_COUNT = 1260;
const DEMO_USER_COUNT = 400;
const SEED = 20_261_122;
const TWO_YEARS_MS = 2 * 365 * 24 * 3600 * 1000;
/** The demo catalogue ends at a fixed moment so that it is the same whenever it is generated. */
const NEWEST_AT = Date.UTC(2026, 10, 1, 9, 30, 0);

/** DESIGN.md 3: the default featured set, four ids from the demo catalogue. */
export const DEMO_FEATURED_TOOL_IDS = ["demo-0007", "demo-0042", "demo-0133", "demo-0420"];

const NAME_STARTS = [
  "Lead",
  "Quill",
  "Nova",
  "Pixel",
  "Echo",
  "Brief",
  "Signal",
  "Atlas",
  "Beacon",
  "Clarity",
  "Cobalt",
  "Copper",
  "Draft",
  "Ember",
  "Flow",
  "Forge",
  "Glide",
  "Harbor",
  "Insight",
  "Juniper",
  "Kite",
  "Ledger",
  "Lumen",
  "Maple",
  "Meridian",
  "Nimbus",
  "Orbit",
  "Parcel",
  "Pilot",
  "Prism",
  "Pulse",
  "Quartz",
  "Relay",
  "Ripple",
  "Sage",
  "Scribe",
  "Sierra",
  "Sonic",
  "Spark",
  "Sprout",
  "Summit",
  "Tally",
  "Tandem",
  "Tidal",
  "Torch",
  "Vector",
  "Verity",
  "Vista",
  "Wave",
  "Zephyr",
  "Anchor",
  "Bright",
  "Cadence",
  "Delta",
  "Fathom",
  "Granite",
  "Helix",
  "Iris",
  "Keystone",
  "Lattice",
];
const NAME_ENDS = [
  "Pilot",
  "Mind",
  "Flow",
  "Desk",
  "Works",
  "Labs",
  "Stack",
  "Base",
  "Hub",
  "Loop",
  "Mate",
  "Scope",
  "Wise",
  "Sense",
  "Craft",
  "Path",
  "Point",
  "Stream",
  "Genie",
  "Forge",
  "Bot",
  "Cloud",
  "Dock",
  "Grid",
  "Lens",
  "Link",
  "Nest",
  "Pad",
  "Q",
  "Ray",
];
const NAME_STYLES: ((start: string, end: string) => string)[] = [
  (start, end) => `${start}${end}`,
  (start, end) => `${start}${end} AI`,
  (start, end) => `${start} ${end}`,
  (start) => `${start}.ai`,
  (start, end) => `${start}${end.toLowerCase()}`,
  (start) => `${start} AI`,
];

const OPENERS = [
  (name: string, task: string) => `${name} ${task}.`,
  (name: string, task: string) => `An AI assistant that ${task}.`,
  (name: string, task: string) => `${name} uses AI that ${task}.`,
];

const BENEFITS = [
  "save hours every week",
  "move faster without hiring",
  "make decisions with better information",
  "keep quality high as they grow",
  "spend less time on repetitive work",
  "serve customers better",
];

const PAID_AMOUNTS = [
  "$9/mo",
  "$12/mo",
  "$19/mo",
  "$29/mo",
  "$39/mo",
  "$49/mo",
  "$79/mo",
  "$99/mo",
  "$149/mo",
  "$299/mo",
  "$25/user/mo",
  "$15/seat/mo",
  "Contact sales",
];
const FREEMIUM_AMOUNTS = [
  "Free plan; Pro $10/mo",
  "Free plan; Pro $19/mo",
  "Free plan; Team $29/mo",
  "Free tier; from $15/mo",
  "Free plan; $8/user/mo",
];

const NAME_ATTEMPTS = 50;

/** A name no other demo tool has; large catalogues (benchmarks) run out of pairs and add a number. */
function demoName(random: Random, used: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    const base = random.pick(NAME_STYLES)(random.pick(NAME_STARTS), random.pick(NAME_ENDS));
    const name = attempt < NAME_ATTEMPTS ? base : `${base} ${attempt - NAME_ATTEMPTS + 2}`;
    const key = name.toLowerCase();
    if (!used.has(key)) {
      used.add(key);
      return name;
    }
  }
}

/** Heavy-tailed counts: most tools have a few, some have very many. */
function skewed(random: Random, scale: number): number {
  return Math.floor(scale * Math.pow(random.next(), 5) + random.next() * scale * 0.01);
}

function pricingOf(random: Random): { model: string | null; amount: string | null } {
  const roll = random.next();
  if (roll < 0.2) return { model: "Free", amount: "Free" };
  if (roll < 0.6) return { model: "Freemium", amount: random.pick(FREEMIUM_AMOUNTS) };
  if (roll < 0.98) return { model: "Paid", amount: random.pick(PAID_AMOUNTS) };
  // A few tools lack pricing, so the spec's defaults (Unknown, N/A) show somewhere.
  return { model: null, amount: null };
}

interface LongDescriptionParts {
  name: string;
  category: DemoCategory | null;
  sub: DemoSubcategory | null;
  features: string[];
  audience: string;
  benefit: string;
  pricing: { model: string | null; amount: string | null };
  hasWebsite: boolean;
}

function longDescriptionOf(parts: LongDescriptionParts): string {
  const { name, category, sub, features, audience, benefit, pricing, hasWebsite } = parts;
  const task = sub?.task ?? "brings AI into the everyday work of a business";
  const area = sub ? sub.name.toLowerCase() : (category?.name.toLowerCase() ?? "everyday work");
  const [first, second] = features.map((feature) => feature.toLowerCase());
  const plans = hasWebsite
    ? "Check the website for current plans."
    : "Ask the vendor for current plans.";
  return [
    `## What ${name} does`,
    "",
    `${name} ${task}. It is made for ${audience} who want to ${benefit}, without a long setup project or a data science team.`,
    "",
    "## Where it helps most",
    "",
    `Reviewers point to **${first}** and **${second}** as the reasons to try it: they take the repetitive part of ${area} off people's plates while keeping a person in charge of the result.`,
    "",
    "## How teams use it",
    "",
    `Most teams start with one workflow in ${area}, measure the time it saves over a few weeks, and then roll ${name} out more widely. It works alongside the tools you already use, and you stay in control of what it sends or publishes.`,
    "",
    "## Pricing",
    "",
    pricing.model
      ? `${name} is ${pricing.model.toLowerCase()}${pricing.amount && pricing.amount !== "Free" ? ` (${pricing.amount})` : ""}. ${plans}`
      : "Pricing is not published; contact the vendor for a quote.",
  ].join("\n");
}

export interface DemoCatalogue {
  tools: NewToolRow[];
  /** Likes from synthetic demo users; each tool's likesTotal is the number of its rows. */
  likes: { userId: string; toolId: string }[];
  /** Demo comments; each tool's ratingAvg and ratingCount are those of its visible rated rows. */
  comments: DemoComment[];
}

/**
 * The deterministic demo catalogue: realistic business AI tools in our own words, images named
 * `demo/<id>` (their WebP files are made by generateDemoImages).
 */
export function generateDemoCatalogue(count: number = DEMO_TOOL_COUNT): DemoCatalogue {
  const random = createRandom(SEED);
  const usedNames = new Set<string>();
  const drafts = Array.from({ length: count }, (_, index) => {
    const category = random.chance(0.005) ? null : random.pick(DEMO_TAXONOMY);
    const sub = category && !random.chance(0.06) ? random.pick(category.subcategories) : null;
    return { index, category, sub, name: demoName(random, usedNames) };
  });

  const taxonomy = toTaxonomy(
    countCategories(
      drafts.map((draft) => ({
        category: draft.category?.name ?? null,
        subCategory: draft.sub?.name ?? null,
      })),
    ),
  );
  const taken = reservedSlugs(taxonomy, []);

  const demoUsers = Array.from({ length: DEMO_USER_COUNT }, (_, n) => `demo-user-${n + 1}`);
  const likes: DemoCatalogue["likes"] = [];
  // Comments draw from their own sequence, so the rest of the catalogue stays as it was.
  const commentRandom = createRandom(SEED + 17);
  const comments: DemoComment[] = [];
  // Facts and plans too, so adding them left the rest of the catalogue as it was.
  const factRandom = createRandom(SEED + 31);
  // A tool rated by more people gets more demo ratings (up to the cap), around its own average.
  const ratingsOf = (id: string, createdAt: Date, popularity: number) => {
    const around = popularity === 0 ? 0 : 3.1 + random.next() * 1.9;
    const wanted = popularity === 0 ? 0 : 1 + Math.floor(popularity / 40);
    const demo = generateDemoComments(
      commentRandom,
      { id, createdAt, newestAt: NEWEST_AT },
      wanted,
      around,
    );
    comments.push(...demo.comments);
    return { ratingAvg: demo.ratingAvg, ratingCount: demo.ratingCount };
  };
  const tools = drafts.map(({ index, category, sub, name }): NewToolRow => {
    const id = `demo-${String(index + 1).padStart(4, "0")}`;
    const slug = uniqueSlug(name, taken);
    taken.add(slug);
    const audience = category ? random.pick(category.audience) : "teams of every size";
    const benefit = random.pick(BENEFITS);
    const features = random.sample(
      sub?.features ?? ["Easy setup", "Team workspaces", "Secure by default", "Integrations"],
      random.int(3, 5),
    );
    const pricing = pricingOf(random);
    const hasWebsite = !random.chance(0.02);
    const task = sub?.task ?? "brings AI into the everyday work of a business";
    const createdAt = new Date(NEWEST_AT - Math.floor(random.next() * TWO_YEARS_MS));
    const popularity = random.chance(0.15) ? 0 : random.int(1, 400);
    const cardDescription = random.chance(0.01)
      ? null
      : `${random.pick(OPENERS)(name, task)} Built for ${audience}.`;
    const likers = random.sample(demoUsers, skewed(random, 160));
    for (const userId of likers) likes.push({ userId, toolId: id });
    const title = `${name}: ${sub?.name ?? category?.name ?? "AI"} tool for ${audience}`;
    const websiteUrl = hasWebsite ? `https://${slug}.example` : null;
    const { facts, plans } = demoFactsAndPlans(factRandom, {
      websiteUrl,
      pricingModel: pricing.model,
      checkedAt: new Date(NEWEST_AT).toISOString().slice(0, 10),
    });
    return {
      id,
      slug,
      name,
      category: category?.name ?? null,
      subCategory: sub?.name ?? null,
      status: "online",
      createdAt,
      updatedAt: createdAt,
      likesTotal: likers.length,
      views: skewed(random, 250_000),
      ...ratingsOf(id, createdAt, popularity),
      pricingModel: pricing.model,
      pricingAmount: pricing.amount,
      cardDescription,
      longDescription: longDescriptionOf({
        name,
        category,
        sub,
        features,
        audience,
        benefit,
        pricing,
        hasWebsite,
      }),
      seoTitleTag: title.slice(0, 60).trimEnd(),
      seoMetaDescription: `${name} ${task}. Compare features, pricing and reviews.`
        .slice(0, 160)
        .trimEnd(),
      metaDescription: `${name} ${task}.`.slice(0, 160).trimEnd(),
      hashtags: [
        ...new Set([
          ...(sub?.tags ?? []),
          ...(category ? [category.name.toLowerCase().split(" ")[0] as string] : []),
          "ai",
        ]),
      ].slice(0, 5),
      keyFeatures: features,
      websiteUrl,
      mainImage: `demo/${id}.webp`,
      image: `demo/${id}.webp`,
      source: "demo",
      lastVerifiedAt: createdAt,
      facts,
      plans,
    };
  });
  return { tools, likes, comments };
}
