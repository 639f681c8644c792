DROP INDEX "companies_company_name_sort";--> statement-breakpoint
DROP INDEX "contacts_last_name_sort";--> statement-breakpoint
DROP INDEX "industries_name_sort";--> statement-breakpoint
DROP INDEX "products_name_sort";--> statement-breakpoint
DROP INDEX "services_name_sort";--> statement-breakpoint
CREATE INDEX "companies_company_name_sort" ON "companies" USING btree ((lower("company_name" collate "und-x-icu") collate "C"),"id","company_name") WHERE "companies"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_last_name_sort" ON "contacts" USING btree ((lower("last_name" collate "und-x-icu") collate "C"),"id","last_name") WHERE "contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "industries_name_sort" ON "industries" USING btree ((lower("name" collate "und-x-icu") collate "C"),"id","name") WHERE "industries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_name_sort" ON "products" USING btree ((lower("name" collate "und-x-icu") collate "C"),"id","name") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "services_name_sort" ON "services" USING btree ((lower("name" collate "und-x-icu") collate "C"),"id","name") WHERE "services"."deleted_at" is null;