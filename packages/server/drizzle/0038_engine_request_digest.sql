-- The engine's retry rule (modules/pos/retry.ts, docs/transaction-engine.md "Retries"): a call under a terminal, day
-- and trace number already used is a retry only when it asks what the first call asked, compared by a keyed digest of
-- its material fields written on the call's row (request_digest; null on rows written before, which then have no
-- retry). Any other call under it is declined 94 and recorded beside the call that holds it: the 94 rows (response
-- code id 14) are left out of the unique key, which every look-up by trace number now names.
DROP INDEX "transactions_terminal_trace_key";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "request_digest" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_terminal_trace_key" ON "transactions" USING btree ("terminal_id","trace_day","trace_number",("trx_type_id" in (4, 5))) WHERE "transactions"."trace_day" is not null and "transactions"."resp_code_id" <> 14;