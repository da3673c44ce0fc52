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
CREATE TABLE "settlement_entries" (
	"transaction_id" bigint PRIMARY KEY NOT NULL,
	"batch_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL
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
CREATE TABLE "settlement_queue" (
	"transaction_id" bigint PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"trx_type_id" smallint NOT NULL,
	"trx_datetime" timestamp with time zone NOT NULL
);
--> statement-breakpoint
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
CREATE INDEX "settlement_entries_batch_merchant_idx" ON "settlement_entries" USING btree ("batch_id","merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_holds_batch_merchant_key" ON "settlement_holds" USING btree ("batch_id","merchant_id");--> statement-breakpoint
CREATE INDEX "settlement_holds_merchant_idx" ON "settlement_holds" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_batch_merchant_key" ON "settlement_lines" USING btree ("batch_id","merchant_id","funding_source_id","benefit_type_id");--> statement-breakpoint
CREATE INDEX "settlement_lines_merchant_idx" ON "settlement_lines" USING btree ("merchant_id","batch_id");--> statement-breakpoint
CREATE INDEX "settlement_queue_program_datetime_idx" ON "settlement_queue" USING btree ("program_id","trx_datetime");--> statement-breakpoint
-- A closed batch's lines, holds and entries never change (issue 24, decision 0056): a correction is a line of a later
-- batch, and a transaction stays in the batch that settled it.
CREATE FUNCTION settlement_rows_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'settlement lines, holds and entries are immutable once their batch is closed' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER settlement_lines_immutable BEFORE UPDATE OR DELETE ON settlement_lines
  FOR EACH ROW EXECUTE FUNCTION settlement_rows_immutable();
--> statement-breakpoint
CREATE TRIGGER settlement_holds_immutable BEFORE UPDATE OR DELETE ON settlement_holds
  FOR EACH ROW EXECUTE FUNCTION settlement_rows_immutable();
--> statement-breakpoint
CREATE TRIGGER settlement_entries_immutable BEFORE UPDATE OR DELETE ON settlement_entries
  FOR EACH ROW EXECUTE FUNCTION settlement_rows_immutable();
--> statement-breakpoint
-- Every approved purchase (1), refund (2), purchase reversal (4) and refund reversal (5) with a merchant waits in
-- settlement_queue from the statement that inserts it: one insert per statement, whatever its size.
CREATE FUNCTION transactions_settlement_queue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO settlement_queue (transaction_id, program_id, merchant_id, trx_type_id, trx_datetime)
  SELECT n.id, n.program_id, n.merchant_id, n.trx_type_id, n.trx_datetime FROM new_rows n
  WHERE n.resp_code_id = 1 AND n.trx_type_id IN (1, 2, 4, 5) AND n.merchant_id IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_settlement_queue AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_settlement_queue();
--> statement-breakpoint
-- What was recorded before settlement existed waits too: the first batch of each program settles it.
INSERT INTO settlement_queue (transaction_id, program_id, merchant_id, trx_type_id, trx_datetime)
SELECT id, program_id, merchant_id, trx_type_id, trx_datetime FROM transactions
WHERE resp_code_id = 1 AND trx_type_id IN (1, 2, 4, 5) AND merchant_id IS NOT NULL;
