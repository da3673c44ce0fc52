CREATE TABLE "dashboard_merchant_months" (
	"program_id" integer NOT NULL,
	"month" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"agency_id" integer,
	"funding_source_id" integer,
	"redeemed_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "dashboard_merchant_months_key" UNIQUE NULLS NOT DISTINCT("program_id","month","merchant_id","agency_id","funding_source_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_program_merchant_months" (
	"program_id" integer NOT NULL,
	"month" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"redeemed_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "dashboard_program_merchant_months_program_id_month_merchant_id_pk" PRIMARY KEY("program_id","month","merchant_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_merchant_months" ADD CONSTRAINT "dashboard_merchant_months_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_merchant_months" ADD CONSTRAINT "dashboard_merchant_months_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_merchant_months" ADD CONSTRAINT "dashboard_merchant_months_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_merchant_months" ADD CONSTRAINT "dashboard_merchant_months_funding_source_id_funding_sources_id_fk" FOREIGN KEY ("funding_source_id") REFERENCES "public"."funding_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_program_merchant_months" ADD CONSTRAINT "dashboard_program_merchant_months_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_program_merchant_months" ADD CONSTRAINT "dashboard_program_merchant_months_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The months of what the daily table already holds (decision 0067); from here the roll-up writers keep all three.
INSERT INTO dashboard_merchant_months (program_id, month, merchant_id, agency_id, funding_source_id, redeemed_amount)
SELECT program_id, date_trunc('month', day)::date, merchant_id, agency_id, funding_source_id, sum(redeemed_amount)
FROM dashboard_merchant_days GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO dashboard_program_merchant_months (program_id, month, merchant_id, redeemed_amount)
SELECT program_id, date_trunc('month', day)::date, merchant_id, sum(redeemed_amount)
FROM dashboard_merchant_days GROUP BY 1, 2, 3;
