/**
 * The rows an import refused, as a CSV file to mend and import again: the file's own columns, as they
 * were, and what was wrong with each row in a last column.
 */
import type { RefusedRow } from '../../domain/import-rows'
import { csvFile } from './csv-file'

export const refusedCsv = (headers: readonly string[], refused: readonly RefusedRow[]) =>
  csvFile(
    [...headers, 'Problem'],
    refused.map(({ cells, problems }) => [
      ...headers.map((_, column) => cells[column] ?? ''),
      problems.join(' '),
    ]),
  )
