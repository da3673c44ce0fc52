DROP INDEX "users_last_name_lower_idx";--> statement-breakpoint
DROP INDEX "users_first_name_lower_idx";--> statement-breakpoint
DROP INDEX "users_role_id_idx";--> statement-breakpoint
DROP INDEX "recipient_accounts_applicant_id_idx";--> statement-breakpoint
DROP INDEX "benefits_incentive_id_idx";--> statement-breakpoint
CREATE INDEX "recipient_accounts_applicant_id_idx" ON "recipient_accounts" USING btree ("applicant_id") WHERE "recipient_accounts"."applicant_id" is not null;--> statement-breakpoint
CREATE INDEX "benefits_incentive_id_idx" ON "benefits" USING btree ("incentive_id") WHERE "benefits"."incentive_id" is not null;