ALTER TABLE "sync_meta" ADD COLUMN "vacuumed_through" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "companies_tombstones" ON "companies" USING btree ("deleted_at") WHERE "companies"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "contacts_tombstones" ON "contacts" USING btree ("deleted_at") WHERE "contacts"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "industries_tombstones" ON "industries" USING btree ("deleted_at") WHERE "industries"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "products_tombstones" ON "products" USING btree ("deleted_at") WHERE "products"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "services_tombstones" ON "services" USING btree ("deleted_at") WHERE "services"."deleted_at" is not null;