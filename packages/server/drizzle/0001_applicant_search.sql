DROP INDEX "applicants_program_last_name_idx";--> statement-breakpoint
DROP INDEX "applicants_mobile_phone_idx";--> statement-breakpoint
CREATE INDEX "applicants_pending_program_created_idx" ON "applicants" USING btree ("program_id","created_at") WHERE "applicants"."processed_account_id" is null;--> statement-breakpoint
CREATE INDEX "applicants_last_name_lower_idx" ON "applicants" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applicants_first_name_lower_idx" ON "applicants" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applicants_processed_account_id_idx" ON "applicants" USING btree ("processed_account_id");--> statement-breakpoint
CREATE INDEX "applicants_mobile_phone_idx" ON "applicants" USING btree ("mobile_phone" text_pattern_ops);