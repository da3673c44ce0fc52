-- Decision 0107: the insert trigger of recipient_accounts (decision 0093) looks each new account's user up by its key.
-- It asks the same question as before: is this user one this transaction made with the account's places? Left to
-- the planner, the question became an anti-join that read every row of `users` for each statement (a hash of the
-- whole table, or a sort of it), because the statement's new accounts are many and `users` looked small: 7-12 ms a
-- part of 2,000 accounts at 46,000 users, growing with the table until the planner changes its mind, where one probe
-- of users_pkey an account answers in 2-3 ms. `OFFSET 0` keeps the subquery from becoming a join: it stays a subplan
-- run once an account, each run one index entry and one row. Which users are refreshed is unchanged.
CREATE OR REPLACE FUNCTION "user_places_accounts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_places_refresh"(ARRAY(
    SELECT DISTINCT n."user_id" FROM new_rows AS n
    WHERE n."user_id" IS NOT NULL
      AND NOT EXISTS (
        SELECT FROM "users" AS u
        WHERE u."id" = n."user_id"
          AND u."xmin" = pg_current_xact_id()::xid
          AND n."program_id" = ANY (u."program_ids")
          AND (n."agency_id" IS NULL OR n."agency_id" = ANY (u."agency_ids"))
        OFFSET 0)));
  RETURN NULL;
END $$;
