CREATE TABLE "benefit_issuance_totals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "benefit_issuance_totals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"program_id" integer NOT NULL,
	"funding_source_id" integer,
	"agency_id" integer,
	"issued_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "benefit_issuance_totals_key" UNIQUE NULLS NOT DISTINCT("program_id","funding_source_id","agency_id"),
	CONSTRAINT "benefit_issuance_totals_amount_check" CHECK ("benefit_issuance_totals"."issued_amount" >= 0),
	CONSTRAINT "benefit_issuance_totals_count_check" CHECK ("benefit_issuance_totals"."issued_count" >= 0)
);
--> statement-breakpoint
DROP INDEX "benefits_program_available_date_idx";--> statement-breakpoint
DROP INDEX "benefits_account_id_idx";--> statement-breakpoint
DROP INDEX "benefits_agency_id_idx";--> statement-breakpoint
ALTER TABLE "benefit_issuance_totals" ADD CONSTRAINT "benefit_issuance_totals_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_issuance_totals" ADD CONSTRAINT "benefit_issuance_totals_funding_source_id_funding_sources_id_fk" FOREIGN KEY ("funding_source_id") REFERENCES "public"."funding_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_issuance_totals" ADD CONSTRAINT "benefit_issuance_totals_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "benefit_issuance_totals_agency_id_idx" ON "benefit_issuance_totals" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "benefit_issuance_totals_funding_source_id_idx" ON "benefit_issuance_totals" USING btree ("funding_source_id");--> statement-breakpoint
CREATE INDEX "benefits_available_date_idx" ON "benefits" USING btree ("available_date","id");--> statement-breakpoint
CREATE INDEX "benefits_program_available_date_idx" ON "benefits" USING btree ("program_id","available_date","id");--> statement-breakpoint
CREATE INDEX "benefits_account_id_idx" ON "benefits" USING btree ("account_id","expiration_date","program_id","agency_id","available_date","id");--> statement-breakpoint
CREATE INDEX "benefits_agency_id_idx" ON "benefits" USING btree ("agency_id","available_date","id");--> statement-breakpoint
-- Backfill: the roll-up starts equal to a recount of the non-Void benefits already stored (decision 0010).
INSERT INTO "benefit_issuance_totals" ("program_id", "funding_source_id", "agency_id", "issued_amount", "issued_count") SELECT "program_id", "funding_source_id", "agency_id", sum("amount"), count(*) FROM "benefits" WHERE "status_id" <> 3 GROUP BY "program_id", "funding_source_id", "agency_id";
