-- Issue #3: companies, the catalog tables, images, user profiles and per-account sign-in limits.
-- Hand edits to the generated SQL: the contacts trigram indexes of 0001 get their new setting with
-- ALTER INDEX (drizzle-kit would drop and rebuild them), and dangling contact companies are cleared
-- before the new foreign key.
CREATE TABLE "login_failures" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_data" (
	"image_id" uuid PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"filesize" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('write_seq') NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	"company_name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"main_phone" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('write_seq') NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	"name" text NOT NULL,
	"description" jsonb NOT NULL,
	"description_text" text DEFAULT '' NOT NULL,
	"image_id" uuid
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('write_seq') NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	"name" text NOT NULL,
	"description" jsonb NOT NULL,
	"description_text" text DEFAULT '' NOT NULL,
	"image_id" uuid
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('write_seq') NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	"name" text NOT NULL,
	"description" jsonb NOT NULL,
	"description_text" text DEFAULT '' NOT NULL,
	"image_id" uuid
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "about_me" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "user_image_id" uuid;--> statement-breakpoint
ALTER TABLE "image_data" ADD CONSTRAINT "image_data_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "industries" ADD CONSTRAINT "industries_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "images_kind_filename_idx" ON "images" USING btree ("kind","filename");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_seq_idx" ON "companies" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "companies_company_name_trgm" ON "companies" USING gin ("company_name" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "companies_email_trgm" ON "companies" USING gin ("email" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "companies_address_trgm" ON "companies" USING gin ("address" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "companies_website_trgm" ON "companies" USING gin ("website" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "companies_company_name_sort" ON "companies" USING btree (lower("company_name"),"id") WHERE "companies"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "industries_seq_idx" ON "industries" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "industries_name_trgm" ON "industries" USING gin ("name" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "industries_description_trgm" ON "industries" USING gin ("description_text" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "industries_name_sort" ON "industries" USING btree (lower("name"),"id") WHERE "industries"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_seq_idx" ON "products" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin ("name" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "products_description_trgm" ON "products" USING gin ("description_text" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "products_name_sort" ON "products" USING btree (lower("name"),"id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "services_seq_idx" ON "services" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "services_name_trgm" ON "services" USING gin ("name" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "services_description_trgm" ON "services" USING gin ("description_text" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "services_name_sort" ON "services" USING btree (lower("name"),"id") WHERE "services"."deleted_at" is null;--> statement-breakpoint
-- Until now a contact's company pointed at nothing (there was no companies table). Clear it as a
-- write every client pulls (new version and seq, under the write lock of server/db/write.ts) so the
-- foreign key below holds.
SELECT pg_advisory_xact_lock(7400301);--> statement-breakpoint
UPDATE "contacts" SET "company_id" = NULL, "version" = "version" + 1, "seq" = nextval('write_seq'), "updated_at" = clock_timestamp() WHERE "company_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_image_id_images_id_fk" FOREIGN KEY ("user_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_company_idx" ON "contacts" USING btree ("company_id");--> statement-breakpoint
ALTER INDEX "contacts_first_name_trgm" SET (gin_pending_list_limit=512);--> statement-breakpoint
ALTER INDEX "contacts_last_name_trgm" SET (gin_pending_list_limit=512);--> statement-breakpoint
ALTER INDEX "contacts_email_trgm" SET (gin_pending_list_limit=512);