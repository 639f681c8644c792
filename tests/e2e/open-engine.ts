/** The engine a cross-engine test names, opened on a fresh profile. */
import { openChromium } from './engine-chromium'
import { openGecko } from './engine-gecko'
import type { EngineName, EngineOptions, EnginePage } from './engine-page'
import { openWebKit } from './engine-webkit'

const openers: Record<EngineName, (options: EngineOptions) => Promise<EnginePage>> = {
  chromium: openChromium,
  webkit: openWebKit,
  gecko: openGecko,
}

export const openEngine = (engine: EngineName, options: EngineOptions = {}) => openers[engine](options)
