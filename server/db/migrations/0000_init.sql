CREATE TABLE "newsletter_subscribers" (
	"email" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'subscribed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_likes" (
	"user_id" text NOT NULL,
	"tool_id" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_likes_user_id_tool_id_pk" PRIMARY KEY("user_id","tool_id")
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"sub_category" text,
	"status" text DEFAULT 'online' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"likes_total" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"rating_avg" real DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"pricing_model" text,
	"pricing_amount" text,
	"card_description" text,
	"long_description" text,
	"seo_title_tag" text,
	"seo_meta_description" text,
	"meta_description" text,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"key_features" text[] DEFAULT '{}'::text[] NOT NULL,
	"website_url" text,
	"main_image" text,
	"image" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"last_verified_at" timestamp with time zone,
	CONSTRAINT "tools_slug_unique" UNIQUE("slug"),
	CONSTRAINT "tools_likes_total_non_negative" CHECK ("tools"."likes_total" >= 0),
	CONSTRAINT "tools_views_non_negative" CHECK ("tools"."views" >= 0),
	CONSTRAINT "tools_rating_range" CHECK ("tools"."rating_avg" >= 0 AND "tools"."rating_avg" <= 5)
);
--> statement-breakpoint
ALTER TABLE "tool_likes" ADD CONSTRAINT "tool_likes_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_likes_tool_active_idx" ON "tool_likes" USING btree ("tool_id","is_active");--> statement-breakpoint
CREATE INDEX "tools_status_created_idx" ON "tools" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tools_status_likes_idx" ON "tools" USING btree ("status","likes_total");