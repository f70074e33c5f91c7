-- Staff roles (decision 0145): three roles beside ROLE_ADMIN and ROLE_USER, whose holders keep them.
INSERT INTO "roles" ("name") VALUES ('ROLE_CONTRIBUTOR'), ('ROLE_EDITOR'), ('ROLE_RECRUITER') ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
-- The profile's display name: the default "Posted By" of a new post. Empty until the user sets it.
ALTER TABLE "users" ADD COLUMN "display_name" text;--> statement-breakpoint
-- Who created a post, so that a contributor edits only their own; null = unknown (editors and
-- administrators edit it).
ALTER TABLE "posts" ADD COLUMN "owner_id" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_owner_idx" ON "posts" USING btree ("owner_id");--> statement-breakpoint
-- Where it can be known, the owner is the staff member whose "create" of the post the audit trail
-- (migration 0005) names, if that user still exists; release 1 posts and seeded ones stay null.
UPDATE "posts" SET "owner_id" = created.user_id
FROM (
  SELECT DISTINCT ON (a.record_id) a.record_id, a.user_id
  FROM "audit_log" a
  WHERE a.area = 'posts' AND a.action = 'create' AND a.record_id ~ '^[0-9]{1,9}$'
  ORDER BY a.record_id, a.at, a.id
) AS created
WHERE created.record_id = "posts"."id"::text
  AND EXISTS (SELECT 1 FROM "users" u WHERE u.id = created.user_id);
