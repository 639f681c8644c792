CREATE TABLE "record_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"collection" text NOT NULL,
	"record_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"made_at" timestamp (3) with time zone,
	"changes" jsonb,
	"links" jsonb
);
--> statement-breakpoint
ALTER TABLE "record_history" ADD CONSTRAINT "record_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("collection","record_id","seq");