ALTER TABLE "benefits" DROP CONSTRAINT "benefits_agency_id_agencies_id_fk";
--> statement-breakpoint
ALTER TABLE "benefits" DROP CONSTRAINT "benefits_funding_source_id_funding_sources_id_fk";
--> statement-breakpoint
ALTER TABLE "benefits" DROP CONSTRAINT "benefits_incentive_id_incentives_id_fk";
--> statement-breakpoint
ALTER TABLE "issuance_journal" DROP CONSTRAINT "issuance_journal_program_id_programs_id_fk";
--> statement-breakpoint
ALTER TABLE "issuance_journal" DROP CONSTRAINT "issuance_journal_agency_id_agencies_id_fk";
--> statement-breakpoint
ALTER TABLE "issuance_journal" DROP CONSTRAINT "issuance_journal_funding_source_id_funding_sources_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_program_id_programs_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_agency_id_agencies_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_trx_type_id_transaction_types_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_resp_code_id_response_codes_id_fk";
--> statement-breakpoint
-- Decision 0123: the rows a purchase writes keep no foreign key to the rows every purchase of a market names (its
-- program, agency, merchant, type and response code; the accrual's incentive, funding source and agency). A key's
-- check locks the row it names FOR KEY SHARE: concurrent purchases made a MultiXact on each such row, writing its
-- page and the WAL for every purchase. What the keys guaranteed on the other side stays: these rows are never deleted
-- and their ids never change, and a funding source is deleted only while no benefit names it.
CREATE FUNCTION refuse_kept_row_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rows of % are never deleted or renumbered: transactions and benefits name them', TG_TABLE_NAME
    USING ERRCODE = 'foreign_key_violation';
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['programs', 'agencies', 'merchants', 'incentives', 'transaction_types', 'response_codes'] LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE DELETE ON %I FOR EACH ROW EXECUTE FUNCTION refuse_kept_row_removal()',
      t || '_kept', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I EXECUTE FUNCTION refuse_kept_row_removal()',
      t || '_kept_truncate', t);
  END LOOP;
  -- The product's rows have ids generated always (PostgreSQL refuses to update them); the reference data's are set.
  FOREACH t IN ARRAY ARRAY['transaction_types', 'response_codes'] LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OF id ON %I FOR EACH ROW WHEN (OLD.id <> NEW.id) '
      || 'EXECUTE FUNCTION refuse_kept_row_removal()', t || '_kept_id', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- A funding source leaves only while no benefit names it. A writer that names one holds it FOR KEY SHARE until it
-- commits (platform/funding-sources.ts `holdFundingSources`: the staff's issue, change and file), so a delete waits
-- for it and then sees its benefit. The engine names only sources a benefit or incentive already holds. Journal rows
-- of the source (an issuance undone, summing to zero) go with it, as the key's cascade took them.
CREATE FUNCTION funding_source_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM benefits WHERE funding_source_id = OLD.id) THEN
    RAISE EXCEPTION 'funding source % is named by a benefit', OLD.id USING ERRCODE = 'foreign_key_violation',
      DETAIL = format('Key (id)=(%s) is still referenced from table "benefits".', OLD.id);
  END IF;
  DELETE FROM issuance_journal WHERE funding_source_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER funding_sources_removal BEFORE DELETE ON funding_sources FOR EACH ROW
  EXECUTE FUNCTION funding_source_removal();
--> statement-breakpoint
CREATE TRIGGER funding_sources_kept_truncate BEFORE TRUNCATE ON funding_sources
  EXECUTE FUNCTION refuse_kept_row_removal();
