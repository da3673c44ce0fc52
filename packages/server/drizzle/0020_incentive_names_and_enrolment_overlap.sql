-- Incentive names are unique in their program, ignoring case (docs/decisions/0040-incentive-definitions.md).
CREATE UNIQUE INDEX "incentives_program_name_key" ON "incentives" USING btree ("program_id",lower("name"));--> statement-breakpoint
-- Overlapping enrolments of one account in one incentive are refused (B§2 "Recipient incentives", issue 18;
-- docs/decisions/0041-recipient-incentive-enrolment.md). The service checks first to answer 409 with its message;
-- this constraint is what holds when two requests race, whoever writes (the API, an import, a hand-made fix). Days
-- are inclusive: an enrolment ending on the 31st and another starting on the 31st share a day. No end runs for ever.
-- btree_gist gives GiST the equality of integers; it is a trusted extension (PostgreSQL 13+), so the database owner
-- may create it, and PGlite ships it (db/client.ts loads it).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "recipient_incentives" ADD CONSTRAINT "recipient_incentives_no_overlap"
  EXCLUDE USING gist ("account_id" WITH =, "incentive_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&);
