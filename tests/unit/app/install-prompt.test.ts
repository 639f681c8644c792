/**
 * Which 'Install app' each browser gets (src/app/install-prompt.ts): Chromium's
 * own dialog when it offers one, Safari's menus explained where there is no
 * dialog, and nothing where the app is installed or cannot be.
 */
import { describe, expect, it, vi } from 'vitest'
import { catchInstallPrompt, type InstallEnvironment, installWay } from '../../../src/app/install-prompt'

const agents = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  // iPadOS asks for desktop sites: it says Macintosh, and only its touch points tell it apart.
  ipad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  macChrome:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  webkitGtk:
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
}

const env = (overrides: Partial<InstallEnvironment>): InstallEnvironment => ({
  standalone: false,
  offered: false,
  promptsByItself: false,
  userAgent: agents.linuxFirefox,
  maxTouchPoints: 0,
  ...overrides,
})

describe('the install action', () => {
  it.each([
    ['Chromium with an offer: its dialog', env({ promptsByItself: true, offered: true }), 'prompt'],
    ['Chromium without one (installed, or not installable yet): none', env({ promptsByItself: true }), null],
    [
      'iPhone Safari: Share, Add to Home Screen',
      env({ userAgent: agents.iphone, maxTouchPoints: 5 }),
      'home-screen',
    ],
    [
      'iPad Safari, saying Macintosh: the Home Screen',
      env({ userAgent: agents.ipad, maxTouchPoints: 5 }),
      'home-screen',
    ],
    [
      'Firefox on an iPhone (WebKit too): the Home Screen',
      env({ userAgent: agents.firefoxIos }),
      'home-screen',
    ],
    ['Safari on a Mac: Add to Dock', env({ userAgent: agents.macSafari }), 'dock'],
    [
      'Chrome on a Mac without an offer: none',
      env({ userAgent: agents.macChrome, promptsByItself: true }),
      null,
    ],
    ['Firefox on a Mac: none', env({ userAgent: agents.macFirefox }), null],
    ['Firefox on Linux: none', env({}), null],
    ['WebKitGTK (not Safari): none', env({ userAgent: agents.webkitGtk }), null],
    [
      'already installed on an iPad: none',
      env({ userAgent: agents.ipad, maxTouchPoints: 5, standalone: true }),
      null,
    ],
  ])('%s', (_, environment, way) => {
    expect(installWay(environment)).toBe(way)
  })
})

describe('once installed', () => {
  it('asks the browser to keep the data on the device, which an installed app is granted', async () => {
    const persist = vi.fn(async () => true)
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { persisted: async () => false, persist },
    })
    try {
      catchInstallPrompt()
      expect(persist).not.toHaveBeenCalled()
      window.dispatchEvent(new Event('appinstalled'))
      await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1))
    } finally {
      Reflect.deleteProperty(navigator, 'storage')
    }
  })
})
