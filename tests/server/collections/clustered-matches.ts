/**
 * Contacts whose matches of `lastName like son` cluster late: 300 'Abbott's, then 30 'Wilson's. A walk
 * of the sort index from the list's start runs out (it walks as many rows as there are matches) before
 * it meets them; only a walk from where page 1 begins finds the page (list-search.ts' prefixPage).
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../../server/db/open'

export async function addClusteredMatches(db: Db) {
  await db.execute(sql`
    insert into contacts (id, first_name, last_name, seq)
    select gen_random_uuid(), 'Bob', case when g <= 300 then 'Abbott' else 'Wilson' end, nextval('write_seq')
    from generate_series(1, 330) g`)
}
