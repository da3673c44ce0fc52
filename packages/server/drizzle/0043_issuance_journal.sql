CREATE TABLE "issuance_journal" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issuance_journal_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"program_id" integer NOT NULL,
	"day" date NOT NULL,
	"agency_id" integer,
	"funding_source_id" integer,
	"amount" numeric(16, 2) NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "benefit_issuance_totals" DROP CONSTRAINT "benefit_issuance_totals_amount_check";--> statement-breakpoint
ALTER TABLE "benefit_issuance_totals" DROP CONSTRAINT "benefit_issuance_totals_count_check";--> statement-breakpoint
ALTER TABLE "issuance_journal" ADD CONSTRAINT "issuance_journal_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuance_journal" ADD CONSTRAINT "issuance_journal_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuance_journal" ADD CONSTRAINT "issuance_journal_funding_source_id_funding_sources_id_fk" FOREIGN KEY ("funding_source_id") REFERENCES "public"."funding_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issuance_journal_agency_id_idx" ON "issuance_journal" USING btree ("agency_id");--> statement-breakpoint
-- The triggers on benefits (migration 0023) append what changed to issuance_journal instead of adding it to the
-- roll-up rows (decision 0101): writers never wait on each other for a roll-up row; the fold job adds the journal to
-- benefit_issuance_totals and dashboard_issuance_days. Voided benefits (status 3) are not issued.
CREATE OR REPLACE FUNCTION dashboard_add_issuance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO issuance_journal (program_id, day, agency_id, funding_source_id, amount, count)
    SELECT program_id, available_date, agency_id, funding_source_id, sum(amount), count(*)
    FROM dashboard_new_benefits WHERE status_id <> 3
    GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO issuance_journal (program_id, day, agency_id, funding_source_id, amount, count)
    SELECT program_id, available_date, agency_id, funding_source_id, -sum(amount), -count(*)
    FROM dashboard_old_benefits WHERE status_id <> 3
    GROUP BY 1, 2, 3, 4;
  ELSE
    -- Purchases update balances many times a second: only rows whose key, amount or voided state changed count.
    INSERT INTO issuance_journal (program_id, day, agency_id, funding_source_id, amount, count)
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
    GROUP BY 1, 2, 3, 4 HAVING sum(amount) <> 0 OR sum(n) <> 0;
  END IF;
  RETURN NULL;
END $$;
