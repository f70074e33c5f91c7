-- Accountability and privacy (docs/behaviour/audit-and-privacy.md): the audit trail, the retention
-- period and privacy text of the site settings, and erased contact messages that stay counted.
CREATE TABLE IF NOT EXISTS "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	-- No foreign key: the row outlives the staff member it names (the e-mail is kept beside it).
	"user_id" integer,
	"email" text,
	"address" text,
	"area" text NOT NULL,
	"action" text NOT NULL,
	"record_id" text,
	"changes" jsonb
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_at_idx" ON "audit_log" USING btree ("at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_user_idx" ON "audit_log" USING btree ("user_id", "at");--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "retention_days" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
-- '{days}' is replaced by the retention period when the page is shown, so the text stays true.
ALTER TABLE "site_settings" ADD COLUMN "privacy_text" text DEFAULT 'We use the details you send through the contact form (name, e-mail address, phone number, message and CV) only to answer you or to consider your application. Staff of the company read them; nobody else does. Your message and its attachment are erased {days} days after they were received. To see, export or erase what we hold about you, write to us at the address on this site.' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_email_idx" ON "contact_messages" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");
