-- The staff post list without a status filter pages every post newest first (decision 0142):
-- posts_public_idx begins with the status, so that order needed a sort of the whole table per page.
CREATE INDEX "posts_newest_first_idx" ON "posts" USING btree ("publish_at" DESC, "id" DESC);
