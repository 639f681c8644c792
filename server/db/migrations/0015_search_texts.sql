ALTER TABLE "companies" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_phones" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_phones" text;--> statement-breakpoint
ALTER TABLE "industries" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "industries" ADD COLUMN "search_phones" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_phones" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "search_phones" text;--> statement-breakpoint
CREATE INDEX "companies_search_text_trgm" ON "companies" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "companies_search_phones_trgm" ON "companies" USING gin ("search_phones" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "companies_search_unfilled" ON "companies" USING btree ("id") WHERE "companies"."search_text" is null;--> statement-breakpoint
CREATE INDEX "contacts_search_text_trgm" ON "contacts" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "contacts_search_phones_trgm" ON "contacts" USING gin ("search_phones" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "contacts_search_unfilled" ON "contacts" USING btree ("id") WHERE "contacts"."search_text" is null;--> statement-breakpoint
CREATE INDEX "industries_search_text_trgm" ON "industries" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "industries_search_unfilled" ON "industries" USING btree ("id") WHERE "industries"."search_text" is null;--> statement-breakpoint
CREATE INDEX "products_search_text_trgm" ON "products" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "products_search_unfilled" ON "products" USING btree ("id") WHERE "products"."search_text" is null;--> statement-breakpoint
CREATE INDEX "services_search_text_trgm" ON "services" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "services_search_unfilled" ON "services" USING btree ("id") WHERE "services"."search_text" is null;