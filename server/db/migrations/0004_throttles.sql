CREATE TABLE "throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"account" text,
	"hits" integer NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"window_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "throttles_account_idx" ON "throttles" USING btree ("account");