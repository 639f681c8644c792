/**
 * 'Import CSV' offline, in every engine: a spreadsheet's file with accents, quoted commas, a line
 * break in a cell, a row the checks refuse, a row that repeats a contact on the device and one that
 * repeats a row above, and a new company named by two rows in two letter cases. The import says what
 * it will save before it saves anything, saves it on the device with the network cut, and once the
 * network is back the server holds each new contact once and the new company once. A choice made
 * before 'Import' outlives a reload: the same file chosen again brings it back.
 */
import { describe, expect, it } from 'vitest'
import { chooseFile } from './choose-file'
import { settled, signIn, waitForText } from './engine-flows'
import { ENGINES, type EnginePage } from './engine-page'
import { engineRig } from './engine-rig'
import type { NetworkSwitch } from './network-switch'
import { apiSession, type RunningServer } from './server-process'
import { until } from './signed-in'

const shots = 'tests/e2e/screenshots'

/** Runs in the page: the keys of the import drafts the device holds (use-import-choices.ts). */
function importDrafts() {
  return new Promise<string[]>((resolve, reject) => {
    const opening = indexedDB.open(`outpost-${localStorage.getItem('userId')}`)
    opening.onerror = () => reject(opening.error)
    opening.onsuccess = () => {
      const db = opening.result
      const keys = db.transaction('drafts').objectStore('drafts').getAllKeys()
      keys.onsuccess = () => {
        db.close()
        resolve((keys.result as string[]).filter((key) => key.startsWith('import:')))
      }
      keys.onerror = () => {
        db.close()
        reject(keys.error)
      }
    }
  })
}

/** Runs in the page: whether the radio labelled `text` is checked. */
function checked(text: string) {
  return Array.from(document.querySelectorAll('label')).some(
    (label) => label.textContent?.trim() === text && (label.control as HTMLInputElement | null)?.checked,
  )
}

describe.each(ENGINES)('%s', (engine) => {
  let server: RunningServer
  let network: NetworkSwitch
  let page: EnginePage
  engineRig(engine, (opened) => {
    ;({ server, network, page } = opened)
  })

  it('imports a spreadsheet offline: says what it will save first, and the server gets each row once', async () => {
    const family = `Import-${engine}`
    const api = await apiSession(server.url)
    const acme = await api.post<{ doc: { id: string } }>('companies', { companyName: `Acme ${engine}` })
    await api.post('contacts', { firstName: 'Ada', lastName: family, email: `ada.${engine}@example.com` })
    const csv = [
      '\ufeffFirst Name,Surname,E-mail,Department,Company,Job title',
      `Zoë,${family},zoe.${engine}@example.com,engineering,ACME ${engine.toUpperCase()},"Lead, ""Field"" Ops"`,
      `Émile,${family},emile.${engine}@example.com,Sales,Nova Works ${engine},"Two\r\nlines"`,
      `Ada,${family},ADA.${engine}@example.com,,,`,
      `Ken,${family},not an email,,,`,
      `Grace,${family},grace.${engine}@example.com,,Nova Works ${engine},=1+2`,
      `Grace,${family},GRACE.${engine}@example.com,,,`,
      `Linus,${family},linus.${engine}@example.com,IT,nova works ${engine},`,
    ].join('\r\n')

    await signIn(page, network.url)
    await settled(page)
    await page.goto(`${network.url}/contacts/list`)
    await waitForText(page, 'All Contacts')
    network.cut()
    await page.click({ role: 'link', name: 'Import CSV' })
    await waitForText(page, 'Choose a CSV file or an Excel workbook (.xlsx) saved from a spreadsheet.')
    await chooseFile(page, 'people.csv', csv)
    await waitForText(page, 'What will be saved')
    await waitForText(page, '4 contacts will be added.')
    await waitForText(page, '2 rows repeat a contact and will be skipped.')
    await waitForText(page, '1 new company will be added: Nova Works')
    await waitForText(page, 'Row 5: Email: Must be a valid email address.')
    await page.screenshot(`${shots}/import-${engine}.png`)

    // A choice made before 'Import' is kept on the device: a reload, and the same file again, bring it back.
    await page.click({ label: 'Add them as new contacts' })
    await until(
      () => page.evaluate(importDrafts, null),
      (keys) => keys.length === 1,
      'the choice kept',
    )
    await page.reload()
    await waitForText(page, 'Choose a CSV file or an Excel workbook (.xlsx) saved from a spreadsheet.')
    await chooseFile(page, 'people.csv', csv)
    await waitForText(page, 'Your choices for this file are back')
    await until(() => page.evaluate(checked, 'Add them as new contacts'), Boolean, 'the choice back')
    await page.click({ label: 'Skip them' })
    await until(
      () => page.evaluate(importDrafts, null),
      (keys) => keys.length === 0,
      'the draft dropped',
    )
    await waitForText(page, '2 rows repeat a contact and will be skipped.')
    await page.click({ role: 'button', name: 'Import 4 contacts' })
    await waitForText(page, '4 contacts added, 0 updated, 2 skipped.')
    await waitForText(page, `Linus`)

    network.restore()
    type Found = { docs: Record<string, unknown>[] }
    const imported = () =>
      api.get<Found>(`contacts?where[lastName][equals]=${encodeURIComponent(family)}&limit=50&depth=0`)
    const found = await until(
      imported,
      ({ docs }) => docs.length >= 5,
      'the imported contacts to reach the server',
      60_000,
    )
    const byName = new Map(found.docs.map((doc) => [doc.firstName as string, doc]))
    expect([...byName.keys()].sort()).toEqual(
      ['Ada', 'Emile', 'Grace', 'Linus', 'Zoë'].map((name) => (name === 'Emile' ? 'Émile' : name)).sort(),
    )
    expect(found.docs).toHaveLength(5)
    expect(byName.get('Zoë')).toMatchObject({
      title: 'Lead, "Field" Ops',
      department: 'Engineering',
      company: { value: acme.doc.id },
    })
    expect(byName.get('Émile')?.title).toBe('Two\nlines')
    expect(byName.get('Grace')?.title).toBe('=1+2')
    const nova = await api.get<Found>(
      `companies?where[companyName][equals]=${encodeURIComponent(`Nova Works ${engine}`)}&depth=0`,
    )
    expect(nova.docs).toHaveLength(1)
    expect(byName.get('Linus')?.company).toMatchObject({ value: nova.docs[0]?.id })
  }, 240_000)
})
