-- Responsive images (docs/decisions/0055-responsive-images.md): narrower WebP and AVIF copies of
-- each stored image, made once at upload and served immutable beside the original.
CREATE TABLE IF NOT EXISTS "image_variants" (
	"image_id" integer NOT NULL REFERENCES "images"("id") ON DELETE CASCADE,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"size" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "image_variants_pk" PRIMARY KEY("image_id","width","format")
);
