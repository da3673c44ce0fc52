DROP INDEX "merchants_name_lower_idx";--> statement-breakpoint
CREATE INDEX "merchants_name_order_idx" ON "merchants" USING btree ((lower("name") collate "C"),"id");