-- Confirmation to the visitor (issue 14, item 7; docs/decisions/0071-visitor-confirmation.md):
-- the settings that shape it, and the outbox rows that carry it. A confirmation is a row of the
-- outbox like a contact message (same claim, retry and Message-ID rules) with kind 'confirmation'
-- and confirms_id naming the message it confirms; the unique index allows one per message.
ALTER TABLE "site_settings" ADD COLUMN "confirmation_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "confirmation_text" text DEFAULT 'Thank you for your message. We have received it and will get back to you as soon as possible.' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "kind" text DEFAULT 'contact' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "confirms_id" integer;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_confirms_id_fk" FOREIGN KEY ("confirms_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_messages_confirms_idx" ON "contact_messages" USING btree ("confirms_id");
