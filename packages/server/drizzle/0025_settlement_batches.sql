CREATE TABLE "settlement_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"program_id" integer NOT NULL,
	"business_day" date NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"merchant_count" integer DEFAULT 0 NOT NULL,
	"transaction_count" integer DEFAULT 0 NOT NULL,
	"gross_amt" numeric(12, 2) DEFAULT '0' NOT NULL,
	"refund_amt" numeric(12, 2) DEFAULT '0' NOT NULL,
	"reversal_amt" numeric(12, 2) DEFAULT '0' NOT NULL,
	"fee_amt" numeric(12, 2) DEFAULT '0' NOT NULL,
	"net_amt" numeric(12, 2) DEFAULT '0' NOT NULL,
	"held_amt" numeric(12, 2) DEFAULT '0' NOT NULL,
	"held_merchant_count" integer DEFAULT 0 NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_downloaded_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_by" integer,
	"bank_reference" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_batches_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "settlement_batches_status_check" CHECK ("settlement_batches"."status_id" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "settlement_holds" (
	"batch_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"reason_id" smallint NOT NULL,
	"transaction_count" integer NOT NULL,
	"held_amt" numeric(12, 2) NOT NULL,
	CONSTRAINT "settlement_holds_reason_check" CHECK ("settlement_holds"."reason_id" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "settlement_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"batch_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"funding_source_id" integer,
	"benefit_type_id" smallint NOT NULL,
	"transaction_count" integer NOT NULL,
	"gross_amt" numeric(12, 2) NOT NULL,
	"refund_amt" numeric(12, 2) NOT NULL,
	"reversal_amt" numeric(12, 2) NOT NULL,
	"fee_amt" numeric(12, 2) NOT NULL,
	"net_amt" numeric(12, 2) NOT NULL,
	CONSTRAINT "settlement_lines_type_check" CHECK ("settlement_lines"."benefit_type_id" in (1, 2)),
	CONSTRAINT "settlement_lines_net_check" CHECK ("settlement_lines"."net_amt" = "settlement_lines"."gross_amt" - "settlement_lines"."refund_amt" - "settlement_lines"."reversal_amt" - "settlement_lines"."fee_amt")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "settlement_batch_id" bigint;--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_holds" ADD CONSTRAINT "settlement_holds_batch_id_settlement_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."settlement_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_holds" ADD CONSTRAINT "settlement_holds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_batch_id_settlement_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."settlement_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_funding_source_id_funding_sources_id_fk" FOREIGN KEY ("funding_source_id") REFERENCES "public"."funding_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_batches_program_cutoff_idx" ON "settlement_batches" USING btree ("program_id","cutoff_at");--> statement-breakpoint
CREATE INDEX "settlement_batches_cutoff_idx" ON "settlement_batches" USING btree ("cutoff_at");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_holds_batch_merchant_key" ON "settlement_holds" USING btree ("batch_id","merchant_id");--> statement-breakpoint
CREATE INDEX "settlement_holds_merchant_idx" ON "settlement_holds" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_batch_merchant_key" ON "settlement_lines" USING btree ("batch_id","merchant_id","funding_source_id","benefit_type_id");--> statement-breakpoint
CREATE INDEX "settlement_lines_merchant_idx" ON "settlement_lines" USING btree ("merchant_id","batch_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_settlement_batch_id_settlement_batches_id_fk" FOREIGN KEY ("settlement_batch_id") REFERENCES "public"."settlement_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_unsettled_idx" ON "transactions" USING btree ("program_id","merchant_id","trx_datetime") WHERE "transactions"."settlement_batch_id" is null and "transactions"."resp_code_id" = 1 and "transactions"."trx_type_id" in (1, 2, 4, 5);--> statement-breakpoint
CREATE INDEX "transactions_settlement_batch_idx" ON "transactions" USING btree ("settlement_batch_id","merchant_id") WHERE "transactions"."settlement_batch_id" is not null;--> statement-breakpoint
-- A closed batch's lines and holds never change (issue 24, decision 0056): a correction is a line of a later batch.
CREATE FUNCTION settlement_rows_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'settlement lines and holds are immutable once their batch is closed' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER settlement_lines_immutable BEFORE UPDATE OR DELETE ON settlement_lines
  FOR EACH ROW EXECUTE FUNCTION settlement_rows_immutable();
--> statement-breakpoint
CREATE TRIGGER settlement_holds_immutable BEFORE UPDATE OR DELETE ON settlement_holds
  FOR EACH ROW EXECUTE FUNCTION settlement_rows_immutable();
--> statement-breakpoint
-- A transaction belongs to one batch, ever: once set, settlement_batch_id never changes.
CREATE FUNCTION transactions_settlement_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.settlement_batch_id IS NOT NULL AND NEW.settlement_batch_id IS DISTINCT FROM OLD.settlement_batch_id THEN
    RAISE EXCEPTION 'a settled transaction stays in its batch' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_settlement_once BEFORE UPDATE OF settlement_batch_id ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_settlement_once();
