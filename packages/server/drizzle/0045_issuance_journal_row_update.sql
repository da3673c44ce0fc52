-- Only a benefit whose issuance changed is journaled on update (decision 0101's note of 2026-12-06): a row trigger
-- that fires for the columns an issuance is made of, and only when one of them changed. The engine's debits and
-- credits set balance and updated_at, so they no longer fire a trigger at all; the statement trigger it replaces
-- captured both transition tables and compared them on every purchase.
DROP TRIGGER IF EXISTS dashboard_benefits_update ON benefits;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION issuance_journal_benefit_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The old key's issuance leaves, the new one's comes: a void (status 3) only leaves, a void undone only comes.
  IF OLD.status_id <> 3 THEN
    INSERT INTO issuance_journal (program_id, day, agency_id, funding_source_id, amount, count)
    VALUES (OLD.program_id, OLD.available_date, OLD.agency_id, OLD.funding_source_id, -OLD.amount, -1);
  END IF;
  IF NEW.status_id <> 3 THEN
    INSERT INTO issuance_journal (program_id, day, agency_id, funding_source_id, amount, count)
    VALUES (NEW.program_id, NEW.available_date, NEW.agency_id, NEW.funding_source_id, NEW.amount, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_benefits_update
  AFTER UPDATE OF program_id, available_date, agency_id, funding_source_id, amount, status_id ON benefits
  FOR EACH ROW
  WHEN ((OLD.program_id, OLD.available_date, OLD.agency_id, OLD.funding_source_id, OLD.amount, OLD.status_id = 3)
    IS DISTINCT FROM (NEW.program_id, NEW.available_date, NEW.agency_id, NEW.funding_source_id, NEW.amount,
      NEW.status_id = 3))
  EXECUTE FUNCTION issuance_journal_benefit_updated();
--> statement-breakpoint
-- The statement function keeps insert and delete; its update branch is gone with its trigger.
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
  END IF;
  RETURN NULL;
END $$;
