CREATE TABLE "dashboard_pending_transactions" (
	"transaction_id" bigint PRIMARY KEY NOT NULL
);
