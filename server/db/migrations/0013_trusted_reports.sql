ALTER TABLE "comment_reports" ADD COLUMN "is_trusted" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "comment_reports" SET "is_trusted" = true
FROM "auth_users"
WHERE "auth_users"."id" = "comment_reports"."user_id"
	AND "auth_users"."created_at" <= "comment_reports"."created_at" - interval '7 days'
	AND (
		EXISTS (
			SELECT 1 FROM "comments"
			WHERE "comments"."author_id" = "auth_users"."id"
				AND "comments"."status" = 'visible'
				AND "comments"."created_at" < "comment_reports"."created_at"
		)
		OR EXISTS (
			SELECT 1 FROM "tool_likes"
			WHERE "tool_likes"."user_id" = "auth_users"."id"
				AND "tool_likes"."is_active"
				AND "tool_likes"."created_at" < "comment_reports"."created_at"
		)
	);
