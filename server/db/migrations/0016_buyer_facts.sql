-- A tool's buyer facts (each with its source, evidence and checked date) and its pricing plans.
-- Both are validated where they are written (app/lib/buyer-fact-schema.ts, app/lib/pricing-plan-schema.ts);
-- the database only keeps their shape: an object of facts and a list of plans.
ALTER TABLE "tools" ADD COLUMN "facts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "plans" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_facts_object" CHECK (jsonb_typeof("facts") = 'object');--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_plans_array" CHECK (jsonb_typeof("plans") = 'array');
