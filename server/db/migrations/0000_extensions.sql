-- Trigram indexes make the list screens' `like` search (ILIKE '%word%') fast.
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
