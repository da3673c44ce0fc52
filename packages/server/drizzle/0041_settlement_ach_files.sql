CREATE TABLE "settlement_ach_files" (
	"batch_id" bigint PRIMARY KEY NOT NULL,
	"destination" varchar(10) NOT NULL,
	"file_day" date NOT NULL,
	"modifier" varchar(1) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settlement_ach_files" ADD CONSTRAINT "settlement_ach_files_batch_id_settlement_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."settlement_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_ach_files_destination_day_key" ON "settlement_ach_files" USING btree ("destination","file_day","modifier");