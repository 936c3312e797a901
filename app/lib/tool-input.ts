import { z } from "zod";
import { toolFactsSchema } from "./buyer-fact-schema";
import {
  fromFactFormValues,
  fromPlanFormValues,
  toFactFormValues,
  toPlanFormValue,
  type FactFormValues,
  type PlanFormValue,
} from "./fact-form-values";
import { plansSchema } from "./pricing-plan-schema";
import { PRICING_MODELS, TOOL_STATUSES } from "./constants";
import { shallowMarkdown } from "./markdown-nesting";
import { plainText } from "./plain-text";

// One schema for a tool as an admin writes it (the form, the API and every import row).
// Field names are the tool's own; error paths are the same dotted names ("pricing.model").

/** SEO length hints: search engines show about this much. Longer is allowed, up to the max. */
export const SEO_TITLE_HINT = 60;
export const SEO_DESCRIPTION_HINT = 160;

export const TOOL_FIELD_LIMITS = {
  name: 120,
  category: 80,
  subCategory: 80,
  pricingAmount: 80,
  cardDescription: 300,
  longDescription: 20_000,
  seoTitleTag: 120,
  seoMetaDescription: 320,
  metaDescription: 320,
  hashtag: 40,
  hashtags: 20,
  keyFeature: 200,
  keyFeatures: 30,
  websiteUrl: 2_000,
  imagePath: 300,
} as const;

/**
 * Blank text is no value: it is stored as null and shown with the default. Only the fields
 * the form edits in a textarea may hold line breaks and tabs; Markdown fields are also kept
 * shallow enough to render.
 */
function optionalText(max: number, label: string, { multiline = false, markdown = false } = {}) {
  const text = z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .check(plainText(label, { multiline }));
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : (value ?? null)),
    (markdown ? text.check(shallowMarkdown(label)) : text).nullable(),
  );
}

function textList(itemMax: number, countMax: number, label: string) {
  return z
    .array(z.string({ error: `Each ${label} must be text.` }), {
      error: `${label}s must be a list.`,
    })
    .transform((items) => [...new Set(items.map((item) => item.trim()).filter(Boolean))])
    .pipe(
      z
        .array(
          z
            .string()
            .max(itemMax, `Each ${label} can be at most ${itemMax} characters.`)
            // CSV files separate list items with "|" (catalogue-format.server.ts).
            .refine((item) => !item.includes("|"), `A ${label} cannot contain "|".`)
            .check(plainText(`A ${label}`)),
        )
        .max(countMax, `At most ${countMax} ${label}s.`),
    );
}

export function isWebAddress(text: string, protocols = ["http:", "https:"]): boolean {
  try {
    const url = new URL(text);
    return protocols.includes(url.protocol) && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * An uploaded image's storage path (`uploads/ab12.webp`), a demo path, or an https address (the
 * production CSP loads images from https only).
 */
const IMAGE_PATH = /^[a-z0-9][\w-]*(\/[\w-]+)*\.(webp|png|jpe?g)$/i;

function imageField(label: string) {
  return optionalText(TOOL_FIELD_LIMITS.imagePath, label).refine(
    (value) => value === null || IMAGE_PATH.test(value) || isWebAddress(value, ["https:"]),
    `${label} must be an uploaded image or an https address.`,
  );
}

export const toolInputSchema = z
  .object({
    name: z
      .string({ error: "Enter the tool's name." })
      .trim()
      .min(1, "Enter the tool's name.")
      .max(TOOL_FIELD_LIMITS.name, `The name can be at most ${TOOL_FIELD_LIMITS.name} characters.`)
      .check(plainText("The name")),
    category: optionalText(TOOL_FIELD_LIMITS.category, "The category"),
    subCategory: optionalText(TOOL_FIELD_LIMITS.subCategory, "The subcategory"),
    status: z.enum(TOOL_STATUSES, { error: "Choose online, draft or offline." }).default("online"),
    pricing: z
      .object({
        model: z.preprocess(
          (value) => (value === "" || value === "Unknown" ? null : (value ?? null)),
          z.enum(PRICING_MODELS, { error: "Choose Free, Freemium, Paid or Unknown." }).nullable(),
        ),
        amount: optionalText(TOOL_FIELD_LIMITS.pricingAmount, "The price"),
      })
      .default({ model: null, amount: null }),
    cardDescription: optionalText(TOOL_FIELD_LIMITS.cardDescription, "The card description", {
      multiline: true,
    }),
    longDescription: optionalText(TOOL_FIELD_LIMITS.longDescription, "The long description", {
      multiline: true,
      markdown: true,
    }),
    seo: z
      .object({
        titleTag: optionalText(TOOL_FIELD_LIMITS.seoTitleTag, "The SEO title"),
        metaDescription: optionalText(
          TOOL_FIELD_LIMITS.seoMetaDescription,
          "The SEO meta description",
          { multiline: true },
        ),
      })
      .default({ titleTag: null, metaDescription: null }),
    metaDescription: optionalText(TOOL_FIELD_LIMITS.metaDescription, "The meta description", {
      multiline: true,
    }),
    hashtags: textList(TOOL_FIELD_LIMITS.hashtag, TOOL_FIELD_LIMITS.hashtags, "hashtag")
      .transform((tags) => [...new Set(tags.map((tag) => tag.replace(/^#+/, "")).filter(Boolean))])
      .default([]),
    keyFeatures: textList(
      TOOL_FIELD_LIMITS.keyFeature,
      TOOL_FIELD_LIMITS.keyFeatures,
      "key feature",
    ).default([]),
    websiteUrl: optionalText(TOOL_FIELD_LIMITS.websiteUrl, "The website").refine(
      (value) => value === null || isWebAddress(value),
      "Enter a web address that starts with http:// or https://.",
    ),
    mainImage: imageField("The main image"),
    image: imageField("The card image"),
    facts: toolFactsSchema.default({}),
    plans: plansSchema.default([]),
  })
  .refine((tool) => tool.subCategory === null || tool.category !== null, {
    path: ["subCategory"],
    message: "Choose a category before a subcategory.",
  });

/** A tool as an admin submits it (blank text, unknown pricing: null). */
export type ToolInput = z.output<typeof toolInputSchema>;

/** An edit carries the version it started from, so a concurrent change is not overwritten. */
export const toolEditSchema = z.object({
  tool: toolInputSchema,
  updatedAt: z.iso.datetime({ offset: true, error: "The edit's version is missing." }).optional(),
});

export const EMPTY_TOOL_INPUT: ToolInput = {
  name: "",
  category: null,
  subCategory: null,
  status: "online",
  pricing: { model: null, amount: null },
  cardDescription: null,
  longDescription: null,
  seo: { titleTag: null, metaDescription: null },
  metaDescription: null,
  hashtags: [],
  keyFeatures: [],
  websiteUrl: null,
  mainImage: null,
  image: null,
  facts: {},
  plans: [],
};

/** What the edit page loads: the values, and what the form shows beside them. */
export interface EditableTool {
  id: string;
  slug: string;
  publicPath: string;
  updatedAt: string;
  createdAt: string;
  source: string;
  input: ToolInput;
}

/** A category and its subcategories, over every tool whatever its status (form suggestions). */
export interface TaxonomySuggestion {
  category: string;
  subcategories: string[];
}

/** The form's own shape: every text as a string ("" for none), as inputs hold them. */
export interface ToolFormValues {
  name: string;
  category: string;
  subCategory: string;
  status: ToolInput["status"];
  pricing: { model: string; amount: string };
  cardDescription: string;
  longDescription: string;
  seo: { titleTag: string; metaDescription: string };
  metaDescription: string;
  hashtags: string[];
  keyFeatures: string[];
  websiteUrl: string;
  mainImage: string;
  image: string;
  facts: FactFormValues;
  plans: PlanFormValue[];
}

export function toFormValues(input: ToolInput): ToolFormValues {
  return {
    name: input.name,
    category: input.category ?? "",
    subCategory: input.subCategory ?? "",
    status: input.status,
    pricing: { model: input.pricing.model ?? "", amount: input.pricing.amount ?? "" },
    cardDescription: input.cardDescription ?? "",
    longDescription: input.longDescription ?? "",
    seo: { titleTag: input.seo.titleTag ?? "", metaDescription: input.seo.metaDescription ?? "" },
    metaDescription: input.metaDescription ?? "",
    hashtags: input.hashtags,
    keyFeatures: input.keyFeatures,
    websiteUrl: input.websiteUrl ?? "",
    mainImage: input.mainImage ?? "",
    image: input.image ?? "",
    facts: toFactFormValues(input.facts),
    plans: input.plans.map(toPlanFormValue),
  };
}

/** The form's values as `toolInputSchema` reads them (its text fields read blanks themselves). */
export function fromFormValues(values: ToolFormValues): Record<string, unknown> {
  return {
    ...values,
    facts: fromFactFormValues(values.facts),
    plans: fromPlanFormValues(values.plans),
  };
}
