DROP INDEX "users_username_order_idx";--> statement-breakpoint
DROP INDEX "users_email_order_idx";--> statement-breakpoint
DROP INDEX "users_last_name_order_idx";--> statement-breakpoint
DROP INDEX "users_first_name_order_idx";--> statement-breakpoint
DROP INDEX "users_status_username_idx";--> statement-breakpoint
DROP INDEX "users_role_username_idx";--> statement-breakpoint
DROP INDEX "recipient_accounts_agency_id_idx";--> statement-breakpoint
DROP INDEX "recipient_accounts_user_id_idx";--> statement-breakpoint
CREATE INDEX "users_username_order_idx" ON "users" USING btree ((lower("username") collate "C"),"id","username");--> statement-breakpoint
CREATE INDEX "users_email_order_idx" ON "users" USING btree ((lower("email") collate "C"),"id","email");--> statement-breakpoint
CREATE INDEX "users_last_name_order_idx" ON "users" USING btree ((lower("last_name") collate "C"),"id","last_name");--> statement-breakpoint
CREATE INDEX "users_first_name_order_idx" ON "users" USING btree ((lower("first_name") collate "C"),"id","first_name");--> statement-breakpoint
CREATE INDEX "users_status_username_idx" ON "users" USING btree ("status_id",(lower("username") collate "C"),"id","username");--> statement-breakpoint
CREATE INDEX "users_role_username_idx" ON "users" USING btree ("role_id",(lower("username") collate "C"),"id","username");--> statement-breakpoint
CREATE INDEX "recipient_accounts_agency_id_idx" ON "recipient_accounts" USING btree ("agency_id","user_id");--> statement-breakpoint
CREATE INDEX "recipient_accounts_user_id_idx" ON "recipient_accounts" USING btree ("user_id","program_id","agency_id");