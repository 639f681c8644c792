/** The rows of a `db.execute(sql…)` answer: PGlite and node-postgres both answer `{ rows }`. */
export const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows
