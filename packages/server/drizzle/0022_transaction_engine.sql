ALTER TABLE "transaction_benefits" ADD COLUMN "original_benefit_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "trace_day" date;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "original_id" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "caused_by_id" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "eligible_amt" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "redemption_fee" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "accrual_fee" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "recipient_incentive_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "accrual_day" date;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "unrecovered_amt" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "transaction_benefits" ADD CONSTRAINT "transaction_benefits_original_benefit_id_benefits_id_fk" FOREIGN KEY ("original_benefit_id") REFERENCES "public"."benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_original_id_transactions_id_fk" FOREIGN KEY ("original_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_caused_by_id_transactions_id_fk" FOREIGN KEY ("caused_by_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_recipient_incentive_id_recipient_incentives_id_fk" FOREIGN KEY ("recipient_incentive_id") REFERENCES "public"."recipient_incentives"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_terminal_trace_key" ON "transactions" USING btree ("terminal_id","trace_day","trace_number",("trx_type_id" in (4, 5))) WHERE "transactions"."trace_day" is not null;--> statement-breakpoint
CREATE INDEX "transactions_original_id_idx" ON "transactions" USING btree ("original_id") WHERE "transactions"."original_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_caused_by_id_idx" ON "transactions" USING btree ("caused_by_id") WHERE "transactions"."caused_by_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_recipient_incentive_day_idx" ON "transactions" USING btree ("recipient_incentive_id","accrual_day") WHERE "transactions"."recipient_incentive_id" is not null;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_engine_amounts_check" CHECK ("transactions"."eligible_amt" >= 0 and "transactions"."redemption_fee" >= 0 and "transactions"."accrual_fee" >= 0 and "transactions"."unrecovered_amt" >= 0);