-- The two fixed roles (Admin and User, docs/api.md) and the single sync_meta row.
INSERT INTO "roles" ("id", "role_name") VALUES ('admin', 'Admin'), ('user', 'User') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sync_meta" ("id", "purged_through") VALUES (1, 0) ON CONFLICT DO NOTHING;
