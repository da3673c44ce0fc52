-- Decision 0092: the recipients' trigram GIN indexes go. Every recipient search is a prefix (decisions 0012, 0013),
-- served by the lower(...) text_pattern_ops btree indexes; no query asked "contains" of a last name or an e-mail, and
-- the two indexes were a fifth of the cost of inserting an account (the account file's largest statement).
DROP INDEX "recipient_accounts_last_name_trgm_idx";--> statement-breakpoint
DROP INDEX "recipient_accounts_email_trgm_idx";
