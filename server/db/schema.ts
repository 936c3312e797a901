import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

// DESIGN.md section 5; spec section 3 names the fields.

export const tools = pgTable(
  "tools",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    category: text("category"),
    subCategory: text("sub_category"),
    status: text("status", { enum: ["online", "draft", "offline"] })
      .notNull()
      .default("online"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    likesTotal: integer("likes_total").notNull().default(0),
    views: integer("views").notNull().default(0),
    ratingAvg: real("rating_avg").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    pricingModel: text("pricing_model"),
    pricingAmount: text("pricing_amount"),
    cardDescription: text("card_description"),
    longDescription: text("long_description"),
    seoTitleTag: text("seo_title_tag"),
    seoMetaDescription: text("seo_meta_description"),
    metaDescription: text("meta_description"),
    hashtags: text("hashtags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    keyFeatures: text("key_features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    websiteUrl: text("website_url"),
    mainImage: text("main_image"),
    image: text("image"),
    source: text("source", { enum: ["manual", "ai", "import", "demo"] })
      .notNull()
      .default("manual"),
    lastVerifiedAt: timestamp("last_verified_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    index("tools_status_created_idx").on(table.status, table.createdAt),
    index("tools_status_likes_idx").on(table.status, table.likesTotal),
    check("tools_likes_total_non_negative", sql`${table.likesTotal} >= 0`),
    check("tools_views_non_negative", sql`${table.views} >= 0`),
    check("tools_rating_range", sql`${table.ratingAvg} >= 0 AND ${table.ratingAvg} <= 5`),
  ],
);

export const toolLikes = pgTable(
  "tool_likes",
  {
    userId: text("user_id").notNull(),
    toolId: text("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.toolId] }),
    index("tool_likes_tool_active_idx").on(table.toolId, table.isActive),
  ],
);

export type ToolRow = typeof tools.$inferSelect;
export type NewToolRow = typeof tools.$inferInsert;

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  email: text("email").primaryKey(),
  status: text("status", { enum: ["subscribed", "unsubscribed"] })
    .notNull()
    .default("subscribed"),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
