CREATE TABLE "ai_draft_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text,
	"user_email" text NOT NULL,
	"address" text NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" text,
	"failure_code" text,
	"failure_message" text,
	"duplicate_tool_id" text,
	"ignore_duplicate" boolean DEFAULT false NOT NULL,
	"final_url" text,
	"draft" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"page" jsonb,
	"used_model" boolean DEFAULT false NOT NULL,
	"model_problem" text,
	"runner_id" text,
	"saved_tool_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_draft_jobs" ADD CONSTRAINT "ai_draft_jobs_duplicate_tool_id_tools_id_fk" FOREIGN KEY ("duplicate_tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_draft_jobs" ADD CONSTRAINT "ai_draft_jobs_saved_tool_id_tools_id_fk" FOREIGN KEY ("saved_tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_draft_jobs_state_idx" ON "ai_draft_jobs" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "ai_draft_jobs_created_idx" ON "ai_draft_jobs" USING btree ("created_at");