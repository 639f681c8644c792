/** The engine a cross-engine test names, opened on a fresh profile. */
import { openChromium } from './engine-chromium'
import { openGecko } from './engine-gecko'
import type { EngineName, EnginePage } from './engine-page'
import { openWebKit } from './engine-webkit'

export interface EngineOptions {
  /** Full navigations in the same tab in every engine, WebKit too (engine-webkit.ts says why it is not the default there). */
  sameTab?: boolean
}

const openers: Record<EngineName, (options: EngineOptions) => Promise<EnginePage>> = {
  chromium: openChromium,
  webkit: openWebKit,
  gecko: openGecko,
}

export const openEngine = (engine: EngineName, options: EngineOptions = {}) => openers[engine](options)
