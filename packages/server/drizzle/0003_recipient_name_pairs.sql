DROP INDEX "recipient_accounts_last_name_lower_idx";--> statement-breakpoint
DROP INDEX "recipient_accounts_first_name_lower_idx";--> statement-breakpoint
CREATE INDEX "recipient_accounts_last_name_lower_idx" ON "recipient_accounts" USING btree (lower("last_name") text_pattern_ops,lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "recipient_accounts_first_name_lower_idx" ON "recipient_accounts" USING btree (lower("first_name") text_pattern_ops,lower("last_name") text_pattern_ops);