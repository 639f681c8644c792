/**
 * Where to go after signing in: only a path inside this app, never another
 * site. Browsers read `//evil.example` and `/\evil.example` alike as another
 * host, and drop tabs and newlines from URLs, so none of those pass.
 */
const isControl = (char: string) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f

export function safeRedirect(target: unknown): string | undefined {
  if (typeof target !== 'string' || !target.startsWith('/')) return undefined
  if (target[1] === '/' || target[1] === '\\' || [...target].some(isControl)) return undefined
  if (target.startsWith('/login')) return undefined
  return target
}
