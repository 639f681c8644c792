/**
 * Every entity's screens in real Chromium against the real server: add, edit,
 * search, page and delete reach the server; a company made from the contact
 * form's picker while offline, an image chosen offline and a bold word in a
 * rich-text description all arrive once the network is back.
 */
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { SCREENS } from '../../src/features/records/screens'
import { type ChromiumRig, chromiumRig } from './chromium-rig'
import { apiSession, type RunningServer } from './server-process'
import { until } from './signed-in'

let server: RunningServer
/** Where the browser reaches the server: through the relay the rig cuts when offline. */
let appUrl: string
let setOffline: ChromiumRig['setOffline']
let page: Page
const shots = 'tests/e2e/screenshots'

type Doc = { id: string } & Record<string, unknown>

chromiumRig(
  (opened) => {
    ;({ server, page, setOffline } = opened)
    appUrl = opened.appUrl
  },
  { signedIn: true, network: true },
)

async function serverDocs(path: string): Promise<Doc[]> {
  const api = await apiSession(server.url)
  return (await api.get<{ docs: Doc[] }>(`${path}${path.includes('?') ? '&' : '?'}limit=100`)).docs
}

/** Waits for the outbox to be empty: everything typed has reached the server. */
const synced = () =>
  until(
    () => page.getByText('All changes synced').count(),
    (count) => count > 0,
    'the record to sync',
  )

describe.each(SCREENS.map((entity) => [entity.collection, entity] as const))(
  '%s in Chromium',
  (collection, entity) => {
    const nameField = entity.addFields[0] as (typeof entity.addFields)[number]

    it('adds, edits, searches, pages and deletes, and the server has each change', async () => {
      // Six records so that a page of 5 leaves one for page 2.
      for (const n of [1, 2, 3, 4, 5, 6]) {
        await page.goto(`${appUrl}${entity.paths.add}`)
        await page.getByLabel(nameField.label, { exact: true }).fill(`Zeta ${collection} ${n}`)
        await page.getByRole('button', { name: entity.texts.saveButton }).click()
        await page.waitForURL(new RegExp(`/${collection}/edit/`))
      }
      await until(
        () => serverDocs(collection),
        (docs) => docs.length >= 6,
        `six ${collection} on the server`,
      )

      await page.getByLabel(nameField.label, { exact: true }).fill(`Zeta ${collection} 6 renamed`)
      await page.getByRole('button', { name: entity.texts.updateButton }).click()
      await page.getByText(`has been updated successfully.`).first().waitFor()
      await until(
        () => serverDocs(collection),
        (docs) => docs.some((doc) => doc[nameField.name] === `Zeta ${collection} 6 renamed`),
        'the rename on the server',
      )

      await page.goto(`${appUrl}${entity.paths.list}`)
      await page.getByLabel('Show').selectOption('5')
      const search = page.getByRole('searchbox', { name: 'Search records' })
      await search.fill(`zeta ${collection}`)
      await search.press('Enter')
      await page.getByText('Showing 1 to 5 of 6 entries').waitFor()
      await page.getByRole('button', { name: 'Page 2' }).click()
      await page.getByText('Showing 6 to 6 of 6 entries').waitFor()
      // Contacts sort by last name, which these lack: find the renamed one by searching, whatever its page.
      await search.fill(`${collection} 6 renamed`)
      await search.press('Enter')
      await page.getByText('Showing 1 to 1 of 1 entries').waitFor()
      await page.getByRole('button', { name: `Delete Zeta ${collection} 6 renamed` }).click()
      await page.getByRole('button', { name: 'Yes, delete!' }).click()
      await page.getByText(`Zeta ${collection} 6 renamed has been deleted.`).waitFor()
      await until(
        () => serverDocs(collection),
        (docs) => !docs.some((doc) => doc[nameField.name] === `Zeta ${collection} 6 renamed`),
        'the deletion on the server',
      )
    }, 120_000)
  },
)

describe('offline, then back online', () => {
  it("'Add New Company' in the contact form makes the company offline, and the contact points at it once synced", async () => {
    await page.goto(`${appUrl}/contacts/add`)
    await setOffline(true)
    await page.getByLabel('First Name').fill('Ines')
    await page.getByLabel('Last Name').fill('Moreau')
    const picker = page.getByRole('combobox', { name: 'Company' })
    await picker.fill('Offline Harbour Works')
    await page.getByRole('option', { name: 'Add New Company' }).click()
    await expect.poll(() => picker.inputValue()).toBe('Offline Harbour Works')
    await page.getByRole('button', { name: 'Save Contact' }).click()
    await page.waitForURL(/\/contacts\/edit\//)
    const contactId = page.url().split('/').pop() as string
    await page
      .getByRole('complementary', { name: 'Contact info' })
      .getByText('Offline Harbour Works')
      .waitFor()
    await page.screenshot({ path: `${shots}/contact-new-company-offline.png` })

    await setOffline(false)
    const companies = await until(
      () => serverDocs('companies'),
      (docs) => docs.some((doc) => doc.companyName === 'Offline Harbour Works'),
      'the new company on the server',
    )
    const company = companies.find((doc) => doc.companyName === 'Offline Harbour Works') as Doc
    const contacts = await until(
      () => serverDocs('contacts'),
      (docs) => docs.some((doc) => doc.id === contactId),
      'the contact on the server',
    )
    expect(contacts.find((doc) => doc.id === contactId)?.company).toEqual({
      relationTo: 'companies',
      value: company.id,
    })
  }, 120_000)

  it('an image chosen offline is uploaded when back online, and the product points at it', async () => {
    await page.goto(`${appUrl}/products/add`)
    await page.getByLabel('Product Name').fill('Pressure Gauge')
    await page.getByRole('button', { name: 'Save Product' }).click()
    await page.waitForURL(/\/products\/edit\//)
    const id = page.url().split('/').pop() as string
    await until(
      () => serverDocs('products'),
      (docs) => docs.some((doc) => doc.id === id),
      'the product',
    )

    await setOffline(true)
    // A photo larger than the device keeps: it is scaled to 1600 px before it is stored and sent.
    const photo = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: { r: 15, g: 118, b: 110 } },
    })
      .jpeg()
      .toBuffer()
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'gauge.jpg', mimeType: 'image/jpeg', buffer: photo })
    await page.getByRole('img', { name: /preview/i }).waitFor()
    await page.getByRole('button', { name: 'Update Product' }).click()
    await page.getByText('Saved - This product has been updated successfully.').waitFor()
    await page.screenshot({ path: `${shots}/product-image-offline.png` })

    await setOffline(false)
    const products = await until(
      () => serverDocs('products'),
      (docs) =>
        Boolean((docs.find((doc) => doc.id === id)?.productImage as { filename?: string } | null)?.filename),
      'the product to point at its uploaded image',
    )
    const image = products.find((doc) => doc.id === id)?.productImage as { filename: string }
    const file = await page.evaluate(async (url) => {
      const answer = await fetch(url)
      const bitmap = await createImageBitmap(await answer.blob())
      return {
        status: answer.status,
        type: answer.headers.get('content-type'),
        width: bitmap.width,
        height: bitmap.height,
      }
    }, `/images/product_image/${image.filename}`)
    expect(file).toEqual({ status: 200, type: 'image/jpeg', width: 1600, height: 800 })
  }, 120_000)

  it('a bold word in a product description reaches the server as rich text', async () => {
    await page.goto(`${appUrl}/products/add`)
    await page.getByLabel('Product Name').fill('Torque Wrench')
    await page.getByRole('button', { name: 'Save Product' }).click()
    await page.waitForURL(/\/products\/edit\//)
    const id = page.url().split('/').pop() as string

    const editor = page.getByRole('textbox', { name: 'Description' })
    await editor.click()
    await page.keyboard.type('Calibrated and ')
    await page.keyboard.press('ControlOrMeta+b')
    await page.keyboard.type('certified')
    await page.keyboard.press('ControlOrMeta+b')
    await page.keyboard.type(' yearly.')
    await page.getByRole('button', { name: 'Update Product' }).click()
    await page.getByText('Saved - This product has been updated successfully.').waitFor()
    await synced()

    const docs = await until(
      () => serverDocs('products'),
      (list) => JSON.stringify(list.find((doc) => doc.id === id)?.description ?? '').includes('certified'),
      'the description on the server',
    )
    const leaves = (
      (docs.find((doc) => doc.id === id)?.description ?? []) as { children: Record<string, unknown>[] }[]
    )
      .flatMap((block) => block.children)
      .filter((leaf) => typeof leaf.text === 'string' && leaf.text !== '')
    expect(leaves).toEqual([
      { text: 'Calibrated and ' },
      { text: 'certified', bold: true },
      { text: ' yearly.' },
    ])
  }, 120_000)
})
