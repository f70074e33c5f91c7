-- A post's digest (what a translation was made from, to tell an outdated one) is stored with the
-- post instead of computed per read: the dashboard's count of posts waiting for a translation
-- hashed every post's whole content once per language (181 ms at 10,000 posts on PostgreSQL).
-- The same expression as before, so the digests stored in post_translations still match.
ALTER TABLE "posts" ADD COLUMN "source_digest" text GENERATED ALWAYS AS (md5("name" || chr(10) || "content")) STORED NOT NULL;
