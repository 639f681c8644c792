/**
 * drizzle-kit config. Run from the repository root:
 *   npx drizzle-kit generate --config server/drizzle.config.ts
 * Paths are relative to the working directory, not to this file.
 */
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
