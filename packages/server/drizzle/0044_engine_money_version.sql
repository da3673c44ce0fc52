ALTER TABLE "recipient_accounts" ADD COLUMN "money_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The engine's write statement calls this when the funds it planned from changed since it read them (decision 0102):
-- the whole statement is undone, and SQLSTATE 40001 (serialization failure) tells the engine to read and plan again.
CREATE OR REPLACE FUNCTION pos_funds_changed() RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the funds changed since they were read' USING ERRCODE = '40001';
END $$;
