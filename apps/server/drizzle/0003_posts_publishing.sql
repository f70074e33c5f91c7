-- Publishing (docs/behaviour/posts.md): status, publication time, readable slug, image alt text and
-- caption. Existing posts stay public: published, publish_at = their date, alt = the post's title.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- Full-text search that ignores case and accents, and whose ts_headline keeps the original text.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'post_search') THEN
    CREATE TEXT SEARCH CONFIGURATION post_search (COPY = simple);
    ALTER TEXT SEARCH CONFIGURATION post_search ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
UPDATE "posts" SET "publish_at" = "date";--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "publish_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "publish_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "slug" text DEFAULT 'post' NOT NULL;--> statement-breakpoint
UPDATE "posts" SET "slug" = coalesce(nullif(trim(both '-' from left(trim(both '-' from regexp_replace(lower(unaccent("name")), '[^a-z0-9]+', '-', 'g')), 80)), ''), 'post');--> statement-breakpoint
CREATE INDEX "posts_public_idx" ON "posts" USING btree ("status", "publish_at");--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "caption" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "post_images" SET "alt" = "posts"."name" FROM "posts" WHERE "posts"."id" = "post_images"."post_id";
