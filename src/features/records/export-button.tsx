/**
 * 'Export CSV' on a list: the file of every record the list shows, with its
 * search and its order (list-csv.ts, loaded on the first click), saved from the
 * device, offline too.
 */
import { useState } from 'react'
import { toast } from 'sonner'
import { useRuntime } from '../../app/runtime-context'
import { type CollectionName, collections } from '../../domain/collections'
import { DownloadIcon } from '../../ui/icons'
import { saveFile } from '../../ui/save-file'
import { button } from '../../ui/styles'
import { localDateStamp } from '../../ui/time-format'

export function ExportButton({
  collection,
  plural,
  query,
}: {
  collection: CollectionName
  /** 'contacts': the file's name and the notice's word. */
  plural: string
  query: { search: string; sort?: string }
}) {
  const { db } = useRuntime()
  const [busy, setBusy] = useState(false)
  const exportList = async () => {
    setBusy(true)
    try {
      const { listCsv } = await import('./list-csv')
      const { csv, records } = await listCsv(db, collection, query)
      const name = `${plural}-${localDateStamp(new Date())}.csv`
      saveFile(name, csv, 'text/csv;charset=utf-8')
      const word = records === 1 ? collections[collection].label : plural
      toast.success(`Exported ${records.toLocaleString('en')} ${word} to ${name}.`)
    } catch {
      toast.error('The export could not be made. Try again.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type="button" className={button.secondary} disabled={busy} onClick={() => void exportList()}>
      <DownloadIcon />
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  )
}
