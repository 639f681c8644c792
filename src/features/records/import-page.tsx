/**
 * An entity's import (/contacts/import, …): a CSV file or an Excel workbook made into records on
 * this device, offline too, each queued like any change. The file is read off the page's thread
 * (use-sheet-file.ts); then import-setup.tsx maps, checks, plans and saves it.
 */
import { Banner } from '../../ui/banner'
import { UploadIcon } from '../../ui/icons'
import { ProgressBar } from '../../ui/progress-bar'
import { button, card } from '../../ui/styles'
import { BackLink } from './back-link'
import { ImportSetup } from './import-setup'
import { useScreen } from './use-screen'
import { useSheetFile } from './use-sheet-file'

export function ImportPage() {
  const screen = useScreen()
  const { titles, texts, collection } = screen
  const { file, choose, clear } = useSheetFile()
  const headingId = `import-${collection}`

  return (
    <section aria-labelledby={headingId} className={`${card} space-y-5 p-4 sm:p-5`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {titles.import}
        </h2>
        <BackLink to={screen.paths.list} />
      </div>
      {file.step === 'read' ? (
        <ImportSetup key={file.fileHash} screen={screen} file={file} onOtherFile={clear} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            Choose a CSV file or an Excel workbook (.xlsx) saved from a spreadsheet. Its first row names the
            columns; each row after it becomes one of your {texts.plural}. From a workbook, its first sheet
            with rows is read. Nothing is saved until you have seen what will be.
          </p>
          {file.step === 'refused' && (
            <Banner tone="danger" title="This file cannot be imported">
              {file.message}
            </Banner>
          )}
          {file.step === 'reading' ? (
            <ProgressBar label={`Reading ${file.name}…`} share={file.progress} />
          ) : (
            // The input inside its label: a keyboard's focus on it rings the button it is drawn as.
            <label
              className={`${button.primary} cursor-pointer focus-within:ring-2 focus-within:ring-brand focus-within:ring-offset-2`}
            >
              <UploadIcon />
              Choose a file
              <input
                type="file"
                accept=".csv,text/csv,.txt,text/plain,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="sr-only"
                onChange={(event) => {
                  const chosen = event.target.files?.[0]
                  // The same file may be chosen again (after Stop, say): the input forgets it.
                  event.target.value = ''
                  if (chosen) choose(chosen)
                }}
              />
            </label>
          )}
        </div>
      )}
    </section>
  )
}
