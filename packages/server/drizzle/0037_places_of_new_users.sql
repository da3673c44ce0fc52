-- Decision 0093: a new account of a user this transaction made, whose places (decision 0032) already hold the
-- account's program and agency, does not refresh the user. An added account only adds places, so the refresh would
-- write the same arrays; and no other transaction can link a user it cannot see yet, so no concurrent refresh can
-- be missed either (the refresh's row lock is what keeps two transactions' links apart for a user others can see).
-- `xmin` is compared with this transaction's own id: a user made in a subtransaction (a savepoint) carries that one's
-- id instead and is refreshed as before. The account file makes each user with its places (import-queries.ts
-- insertRecipients), so its thousands of new accounts no longer lock and re-read thousands of users.
CREATE FUNCTION "user_places_accounts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_places_refresh"(ARRAY(
    SELECT DISTINCT n."user_id" FROM new_rows AS n
    WHERE n."user_id" IS NOT NULL
      AND NOT EXISTS (
        SELECT FROM "users" AS u
        WHERE u."id" = n."user_id"
          AND u."xmin" = pg_current_xact_id()::xid
          AND n."program_id" = ANY (u."program_ids")
          AND (n."agency_id" IS NULL OR n."agency_id" = ANY (u."agency_ids")))));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "recipient_accounts_places_inserted" ON "recipient_accounts";
--> statement-breakpoint
CREATE TRIGGER "recipient_accounts_places_inserted" AFTER INSERT ON "recipient_accounts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_places_accounts_inserted"();
