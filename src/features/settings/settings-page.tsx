/**
 * /users/settings: how the app looks and locks for this user on this device,
 * what the device holds, and how syncing stands. Every choice applies at once.
 */

import { useRuntime } from '../../app/runtime-context'
import { ACTIVE_COLOURS, LOCK_MINUTES, type LockMinutes, SIDEBAR_COLOURS } from '../../session/preferences'
import { SelectField } from '../../ui/field'
import { button, card } from '../../ui/styles'
import { timeFormat } from '../../ui/time-format'
import { useSyncSummary } from '../sync-status'
import { ChoiceGroup } from './choice-group'
import { swatches } from './sidebar-theme'
import { type DeviceStorage, formatBytes, useDeviceStorage } from './use-device-storage'
import { usePreferences } from './use-preferences'

const lockOptions = LOCK_MINUTES.map((minutes) => ({
  value: String(minutes),
  label:
    minutes === 0 ? 'Never' : `After ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} without activity`,
}))

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${card} space-y-5 p-5 sm:p-6`}>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

function Facts({ rows }: { rows: readonly [string, string][] }) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-6 gap-y-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-500">{term}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function storageRows(storage: DeviceStorage | null): [string, string][] {
  if (!storage) return [['Storage used', '…']]
  const used =
    storage.used === null
      ? 'Not reported by this browser'
      : storage.quota
        ? `${formatBytes(storage.used)} of ${formatBytes(storage.quota)} available`
        : formatBytes(storage.used)
  const persistent =
    storage.persistent === null
      ? 'Not reported by this browser'
      : storage.persistent
        ? 'Yes: the browser keeps this data even when space runs low'
        : 'No: the browser may clear this data when space runs low'
  return [
    ['Storage used', used],
    ['Persistent', persistent],
  ]
}

const keptText =
  "The browser will not clear Outpost's data to make room. Only you can, from the browser's own settings."
const notKeptText =
  'If the browser clears it, your records download again at the next sign-in, but changes not yet sent are lost. Outpost tells you when that happens.'
const refusedText =
  'The browser said no. Chrome and Edge decide by themselves, and usually agree once Outpost is installed; Firefox asks you; Safari keeps the data of an app added to the Home Screen.'
const unknownText =
  "This browser does not say. In Safari, add Outpost to the Home Screen: Safari deletes a website's data once it has not been opened for seven days, but not an installed app's."

/** What the answer means for the user's records, and a way to ask again while the browser has not agreed. */
function Persistence({ device }: { device: ReturnType<typeof useDeviceStorage> }) {
  const persistent = device.storage?.persistent
  if (persistent === undefined) return null
  if (persistent === null) return <p className="text-[13px] text-slate-500">{unknownText}</p>
  if (persistent) return <p className="text-[13px] text-slate-500">{keptText}</p>
  return (
    <div className="space-y-3">
      <p className="text-[13px] text-slate-500">{notKeptText}</p>
      <button type="button" className={button.secondary} onClick={() => void device.askToKeep()}>
        Ask to keep data on this device
      </button>
      {device.refused && (
        <p role="status" className="text-[13px] text-slate-700">
          {refusedText}
        </p>
      )}
    </div>
  )
}

export function SettingsPage() {
  const { user } = useRuntime()
  const [preferences, save] = usePreferences(user.id)
  const device = useDeviceStorage()
  const sync = useSyncSummary()

  return (
    <div className="max-w-3xl space-y-6">
      <Section id="appearance" title="Appearance">
        <ChoiceGroup
          legend="Sidebar colour"
          choices={SIDEBAR_COLOURS}
          value={preferences.sidebar}
          swatch={swatches.sidebar}
          onChange={(sidebar) => save({ sidebar })}
        />
        <ChoiceGroup
          legend="Active colour"
          choices={ACTIVE_COLOURS}
          value={preferences.active}
          swatch={swatches.active}
          onChange={(active) => save({ active })}
        />
      </Section>
      <Section id="security" title="Lock">
        <SelectField
          label="Lock the app"
          value={String(preferences.lockAfter)}
          options={lockOptions}
          onChange={(event) => save({ lockAfter: Number(event.target.value) as LockMinutes })}
        />
        <p className="text-[13px] text-slate-500">
          A locked app shows no records until your password is entered again; it unlocks offline too. You can
          also lock it at any time from the menu under your name.
        </p>
      </Section>
      <Section id="device" title="This device">
        <Facts rows={storageRows(device.storage)} />
        <Persistence device={device} />
      </Section>
      <Section id="sync" title="Sync">
        <Facts
          rows={[
            ['Status', sync.label],
            ['Last successful sync', sync.lastSyncAt ? timeFormat.format(sync.lastSyncAt) : 'Not yet'],
            ['Waiting to be sent', sync.unsynced === undefined ? '…' : String(sync.unsynced)],
          ]}
        />
        <p className="text-[13px] text-slate-500">{sync.hint}</p>
      </Section>
    </div>
  )
}
