ALTER TABLE "analytics_events" ADD COLUMN "client_token" text;--> statement-breakpoint
CREATE TABLE "analytics_dropped_events" (
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_dropped_events_day_reason_pk" PRIMARY KEY("day","reason")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_rollups" (
	"day" date PRIMARY KEY NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"tool_views" integer DEFAULT 0 NOT NULL
);
