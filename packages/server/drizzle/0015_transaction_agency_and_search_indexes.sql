ALTER TABLE "transactions" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Existing rows take the agency their account has now (decision 0033); new rows are written with it. The backfill
-- runs before the indexes are built, so it does not update seven indexes row by row.
UPDATE "transactions" AS t SET "agency_id" = ra."agency_id" FROM "recipient_accounts" AS ra WHERE ra."id" = t."account_id" AND ra."agency_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_agency_datetime_idx" ON "transactions" USING btree ("agency_id","trx_datetime");--> statement-breakpoint
CREATE INDEX "transactions_type_datetime_idx" ON "transactions" USING btree ("trx_type_id","trx_datetime");--> statement-breakpoint
CREATE INDEX "transactions_resp_code_datetime_idx" ON "transactions" USING btree ("resp_code_id","trx_datetime");--> statement-breakpoint
CREATE INDEX "transactions_program_type_datetime_idx" ON "transactions" USING btree ("program_id","trx_type_id","trx_datetime");--> statement-breakpoint
CREATE INDEX "transactions_program_resp_code_datetime_idx" ON "transactions" USING btree ("program_id","resp_code_id","trx_datetime");--> statement-breakpoint
CREATE INDEX "transactions_agency_type_datetime_idx" ON "transactions" USING btree ("agency_id","trx_type_id","trx_datetime");--> statement-breakpoint
CREATE INDEX "transactions_agency_resp_code_datetime_idx" ON "transactions" USING btree ("agency_id","resp_code_id","trx_datetime");
