-- The staff lists are sorted and cut in the database (docs/decisions/0143-staff-lists-paged.md):
-- each order a screen offers reads an index instead of sorting the whole table. The id breaks ties
-- in the same direction as the column, so one index serves ascending and descending pages.
-- The Messages screen: staff's messages (not visitors' confirmations, not erased), newest first.
CREATE INDEX "contact_messages_staff_list_idx" ON "contact_messages" USING btree ("created_at", "id")
  WHERE "kind" = 'contact' AND "erased_at" IS NULL;--> statement-breakpoint
-- The mail log: newest first by default, and by sender's name or address. Mailbox and recipients
-- hold a few distinct values (the site's own settings) and a recipients list may be long enough
-- to come near a B-tree entry's size limit: those two orders are sorted without an index.
CREATE INDEX "mail_logs_sent_idx" ON "mail_logs" USING btree ("sent_timestamp", "id");--> statement-breakpoint
CREATE INDEX "mail_logs_sender_name_idx" ON "mail_logs" USING btree ("sender_full_name", "id");--> statement-breakpoint
CREATE INDEX "mail_logs_sender_email_idx" ON "mail_logs" USING btree ("sender_email", "id");
