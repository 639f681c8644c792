/**
 * My Profile as a member of staff on site would use it: with no network,
 * change the name and city and choose a new photo; both show at once and
 * survive a reload; once the network is back, the server holds them and the
 * sidebar shows the new name.
 */
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import type { Account } from '../../src/domain/user'
import { type ChromiumRig, chromiumRig } from './chromium-rig'
import { apiSession, type RunningServer } from './server-process'
import { serviceWorkerInControl, signInThroughUi, until } from './signed-in'

/** A real, complete 1×1 PNG (the server re-encodes what it is sent). */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

let server: RunningServer
/** Where the browser reaches the server: through the relay the rig cuts when offline. */
let appUrl: string
let setOffline: ChromiumRig['setOffline']
let page: Page
const shots = 'tests/e2e/screenshots'

chromiumRig(
  (opened) => {
    ;({ server, page, setOffline } = opened)
    appUrl = opened.appUrl
  },
  { network: true },
)

async function serverAccount() {
  const api = await apiSession(server.url)
  const { user } = await api.get<{ user: Account }>('users/me')
  return user
}

it('edits the profile and changes the photo offline, and the server has both once online', async () => {
  await signInThroughUi(page, appUrl)
  await serviceWorkerInControl(page)
  await page.goto(`${appUrl}/users/me`)
  const form = page.getByRole('form', { name: 'Edit Profile' })
  await form.getByLabel('First Name').waitFor()
  const before = await serverAccount()

  await setOffline(true)
  await form.getByLabel('First Name').fill('Augusta')
  await form.getByLabel('Last Name').fill('King-Noel')
  await form.getByLabel('City').fill('Ockham')
  await form.getByRole('button', { name: 'Update Profile' }).click()
  await page.getByText('Your profile has been updated successfully.').waitFor()
  await form.getByText('Changes not synced yet').waitFor()

  await page.getByTestId('photo-input').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: ONE_PIXEL_PNG,
  })
  await page.getByText('Your photo has been changed.').waitFor()
  const photo = page.getByRole('region', { name: 'Augusta King-Noel' }).locator('img')
  await until(
    () => photo.getAttribute('src'),
    (src) => src?.startsWith('blob:') === true,
    'the photo to show from the device',
  )
  await page.screenshot({ path: `${shots}/profile-offline-laptop.png`, fullPage: true })

  // A reload with no network: the edit and the photo are still there, from the device.
  await page.reload()
  await expect.poll(() => page.getByLabel('First Name').inputValue(), { timeout: 20_000 }).toBe('Augusta')
  expect(await page.getByLabel('City').inputValue()).toBe('Ockham')
  expect(
    await page.getByRole('region', { name: 'Augusta King-Noel' }).locator('img').getAttribute('src'),
  ).toMatch(/^blob:/)
  expect(await serverAccount()).toMatchObject({ firstName: before.firstName, city: before.city })

  await setOffline(false)
  const saved = await until(
    serverAccount,
    (user) => user.firstName === 'Augusta' && user.userImage !== null,
    'the profile and the photo to reach the server',
    40_000,
  )
  expect(saved).toMatchObject({ firstName: 'Augusta', lastName: 'King-Noel', city: 'Ockham' })
  expect(saved.version).toBeGreaterThan(before.version)
  await page
    .getByRole('form', { name: 'Edit Profile' })
    .getByText('All changes synced')
    .waitFor({ timeout: 20_000 })
  await page.getByRole('complementary', { name: 'Sidebar' }).getByText('Augusta King-Noel').waitFor()
  await page.setViewportSize({ width: 768, height: 1024 })
  await page.screenshot({ path: `${shots}/profile-tablet.png`, fullPage: true })
})
