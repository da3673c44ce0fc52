CREATE TABLE "dashboard_issuance_days" (
	"program_id" integer NOT NULL,
	"day" date NOT NULL,
	"agency_id" integer,
	"funding_source_id" integer,
	"issued_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"issued_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_issuance_days_key" UNIQUE NULLS NOT DISTINCT("program_id","day","agency_id","funding_source_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_merchant_days" (
	"program_id" integer NOT NULL,
	"day" date NOT NULL,
	"agency_id" integer,
	"funding_source_id" integer,
	"merchant_id" integer NOT NULL,
	"redeemed_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "dashboard_merchant_days_key" UNIQUE NULLS NOT DISTINCT("program_id","day","merchant_id","agency_id","funding_source_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_recipient_days" (
	"program_id" integer NOT NULL,
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"agency_id" integer,
	"funding_source_id" integer,
	CONSTRAINT "dashboard_recipient_days_program_id_day_account_id_pk" PRIMARY KEY("program_id","day","account_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_redemption_days" (
	"program_id" integer NOT NULL,
	"day" date NOT NULL,
	"agency_id" integer,
	"funding_source_id" integer,
	"redeemed_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"redemption_count" integer DEFAULT 0 NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"incentive_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "dashboard_redemption_days_key" UNIQUE NULLS NOT DISTINCT("program_id","day","agency_id","funding_source_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_issuance_days" ADD CONSTRAINT "dashboard_issuance_days_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_issuance_days" ADD CONSTRAINT "dashboard_issuance_days_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_issuance_days" ADD CONSTRAINT "dashboard_issuance_days_funding_source_id_funding_sources_id_fk" FOREIGN KEY ("funding_source_id") REFERENCES "public"."funding_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_merchant_days" ADD CONSTRAINT "dashboard_merchant_days_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_merchant_days" ADD CONSTRAINT "dashboard_merchant_days_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_merchant_days" ADD CONSTRAINT "dashboard_merchant_days_funding_source_id_funding_sources_id_fk" FOREIGN KEY ("funding_source_id") REFERENCES "public"."funding_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_merchant_days" ADD CONSTRAINT "dashboard_merchant_days_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_recipient_days" ADD CONSTRAINT "dashboard_recipient_days_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_recipient_days" ADD CONSTRAINT "dashboard_recipient_days_account_id_recipient_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."recipient_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_redemption_days" ADD CONSTRAINT "dashboard_redemption_days_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_redemption_days" ADD CONSTRAINT "dashboard_redemption_days_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_redemption_days" ADD CONSTRAINT "dashboard_redemption_days_funding_source_id_funding_sources_id_fk" FOREIGN KEY ("funding_source_id") REFERENCES "public"."funding_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_recipient_days_account_id_idx" ON "dashboard_recipient_days" USING btree ("account_id");--> statement-breakpoint
-- The issuance roll-up follows every write of benefits (decision 0053): statement-level triggers read the changed rows
-- from transition tables and add their sums per key in one upsert, so a file of 10,000 benefits costs one statement
-- more, not 10,000. Voided benefits (status 3) are not issued. Keys are upserted in key order so two writers lock the
-- same roll-up rows in the same order.
CREATE FUNCTION dashboard_add_issuance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_issuance_days AS d (program_id, day, agency_id, funding_source_id, issued_amount, issued_count)
    SELECT program_id, available_date, agency_id, funding_source_id, sum(amount), count(*)
    FROM dashboard_new_benefits WHERE status_id <> 3
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT dashboard_issuance_days_key DO UPDATE
      SET issued_amount = d.issued_amount + excluded.issued_amount, issued_count = d.issued_count + excluded.issued_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO dashboard_issuance_days AS d (program_id, day, agency_id, funding_source_id, issued_amount, issued_count)
    SELECT program_id, available_date, agency_id, funding_source_id, -sum(amount), -count(*)
    FROM dashboard_old_benefits WHERE status_id <> 3
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT dashboard_issuance_days_key DO UPDATE
      SET issued_amount = d.issued_amount + excluded.issued_amount, issued_count = d.issued_count + excluded.issued_count;
  ELSE
    -- Purchases update balances many times a second: only rows whose key, amount or voided state changed count.
    INSERT INTO dashboard_issuance_days AS d (program_id, day, agency_id, funding_source_id, issued_amount, issued_count)
    SELECT program_id, day, agency_id, funding_source_id, sum(amount), sum(n)
    FROM (
      SELECT o.program_id, o.available_date AS day, o.agency_id, o.funding_source_id, -o.amount AS amount, -1 AS n
      FROM dashboard_old_benefits o JOIN dashboard_new_benefits b ON b.id = o.id
      WHERE o.status_id <> 3
        AND (o.program_id, o.available_date, o.agency_id, o.funding_source_id, o.amount, o.status_id = 3)
          IS DISTINCT FROM (b.program_id, b.available_date, b.agency_id, b.funding_source_id, b.amount, b.status_id = 3)
      UNION ALL
      SELECT b.program_id, b.available_date, b.agency_id, b.funding_source_id, b.amount, 1
      FROM dashboard_old_benefits o JOIN dashboard_new_benefits b ON b.id = o.id
      WHERE b.status_id <> 3
        AND (o.program_id, o.available_date, o.agency_id, o.funding_source_id, o.amount, o.status_id = 3)
          IS DISTINCT FROM (b.program_id, b.available_date, b.agency_id, b.funding_source_id, b.amount, b.status_id = 3)
    ) AS delta
    GROUP BY 1, 2, 3, 4 HAVING sum(amount) <> 0 OR sum(n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT dashboard_issuance_days_key DO UPDATE
      SET issued_amount = d.issued_amount + excluded.issued_amount, issued_count = d.issued_count + excluded.issued_count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_benefits_insert AFTER INSERT ON benefits REFERENCING NEW TABLE AS dashboard_new_benefits
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_add_issuance();
--> statement-breakpoint
CREATE TRIGGER dashboard_benefits_update AFTER UPDATE ON benefits
  REFERENCING OLD TABLE AS dashboard_old_benefits NEW TABLE AS dashboard_new_benefits
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_add_issuance();
--> statement-breakpoint
CREATE TRIGGER dashboard_benefits_delete AFTER DELETE ON benefits REFERENCING OLD TABLE AS dashboard_old_benefits
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_add_issuance();
--> statement-breakpoint
-- The benefits already there (the roll-up starts complete); transactions are added by rebuildDashboardTotals.
INSERT INTO dashboard_issuance_days (program_id, day, agency_id, funding_source_id, issued_amount, issued_count)
SELECT program_id, available_date, agency_id, funding_source_id, sum(amount), count(*)
FROM benefits WHERE status_id <> 3 GROUP BY 1, 2, 3, 4;
