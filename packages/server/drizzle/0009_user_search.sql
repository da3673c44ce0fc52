CREATE INDEX "users_username_order_idx" ON "users" USING btree ((lower("username") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "users_email_order_idx" ON "users" USING btree ((lower("email") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "users_last_name_order_idx" ON "users" USING btree ((lower("last_name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "users_first_name_order_idx" ON "users" USING btree ((lower("first_name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "users_status_username_idx" ON "users" USING btree ("status_id",(lower("username") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "users_role_username_idx" ON "users" USING btree ("role_id",(lower("username") collate "C"),"id");