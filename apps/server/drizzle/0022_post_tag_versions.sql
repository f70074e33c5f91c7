-- Sitemap part 1 lists every tag of the public posts once, with the languages its posts are
-- published in (posts repository, `sitemapTags`). Grouping every public version's tags read about
-- 24,000 entries at 10,000 posts: 23-30 ms whatever the index. This table holds one row per tag of
-- each published version of a post (the post in its own language, and each published translation
-- into another language), kept by the database on every write that changes one; its index gives
-- each tag and language in a step of its own, so the sitemap reads a few hundred index entries. The
-- time a post goes public is kept here too and compared with now() when read: a scheduled post's
-- tags appear when its time comes, with no write (decision 0167).
CREATE TABLE "post_tag_versions" (
  "post_id" integer NOT NULL REFERENCES "posts"("id") ON DELETE CASCADE,
  "language" text NOT NULL,
  "tag" text NOT NULL,
  "publish_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("post_id", "language", "tag")
);--> statement-breakpoint
CREATE INDEX "post_tag_versions_tag_idx" ON "post_tag_versions" USING btree (lower("tag"), "language", "publish_at" DESC) INCLUDE ("tag");--> statement-breakpoint
-- A post's rows, rebuilt from the post and its translations. search_path is fixed, as for
-- content_search_config (migration 0016): whoever writes a post finds this table.
CREATE FUNCTION post_tag_versions_rebuild(post integer) RETURNS void
  LANGUAGE sql SET search_path FROM CURRENT
  AS $$
    DELETE FROM post_tag_versions WHERE post_id = post;
    INSERT INTO post_tag_versions (post_id, language, tag, publish_at)
    SELECT DISTINCT v.post_id, v.language, t.tag, v.publish_at
    FROM (
      SELECT p.id AS post_id, p.language, p.tags, p.publish_at FROM posts p
      WHERE p.id = post AND p.status = 'published'
      UNION ALL
      SELECT p.id, tr.language, p.tags, p.publish_at FROM post_translations tr JOIN posts p ON p.id = tr.post_id
      WHERE tr.post_id = post AND p.status = 'published' AND tr.status = 'published' AND tr.language <> p.language
    ) AS v, unnest(v.tags) AS t(tag);
  $$;--> statement-breakpoint
CREATE FUNCTION posts_tag_versions_changed() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT
  AS $$ BEGIN PERFORM post_tag_versions_rebuild(NEW.id); RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER "posts_tag_versions" AFTER INSERT OR UPDATE OF "tags", "status", "publish_at", "language" ON "posts"
  FOR EACH ROW EXECUTE FUNCTION posts_tag_versions_changed();--> statement-breakpoint
CREATE FUNCTION post_translations_tag_versions_changed() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT
  AS $$
  BEGIN
    IF TG_OP <> 'INSERT' THEN PERFORM post_tag_versions_rebuild(OLD.post_id); END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.post_id <> OLD.post_id) THEN
      PERFORM post_tag_versions_rebuild(NEW.post_id);
    END IF;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER "post_translations_tag_versions" AFTER INSERT OR DELETE OR UPDATE OF "post_id", "language", "status" ON "post_translations"
  FOR EACH ROW EXECUTE FUNCTION post_translations_tag_versions_changed();--> statement-breakpoint
-- The posts already written.
SELECT post_tag_versions_rebuild(id) FROM posts WHERE status = 'published';
