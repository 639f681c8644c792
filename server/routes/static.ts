/**
 * Serves the built PWA (dist/): the files themselves, and index.html for any
 * other page a browser navigates to (history routing, SPEC.md §2), never for
 * /api or /images. Hashed /assets/* are cached for a year; the shell, the
 * service worker and the manifest are revalidated on every load so an update
 * is seen at once.
 */
import { existsSync } from 'node:fs'
import { basename, join, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isApiPath } from '../http/guard'

const IMMUTABLE = 'public, max-age=31536000, immutable'

export function cacheControlFor(filePath: string): string {
  if (filePath.includes(`${sep}assets${sep}`)) return IMMUTABLE
  // index.html, sw.js, the manifest, icons: always ask (cheap 304s thanks to ETag/Last-Modified).
  return 'no-cache'
}

export type Fallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined

/** Registers the files; returns the history-routing fallback for the not-found handler. */
export async function serveStatic(app: FastifyInstance, staticDir: string): Promise<Fallback | undefined> {
  if (!existsSync(join(staticDir, 'index.html'))) return undefined
  await app.register(fastifyStatic, {
    root: staticDir,
    // One route per built file (read at startup): unknown paths reach the not-found handler.
    wildcard: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
  })
  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
    const path = request.url.split('?')[0] ?? ''
    if (isApiPath(path) || path === '/images' || path.startsWith('/images/')) return undefined
    // Only navigations: a missing script or image must stay a 404, not become HTML.
    if (!(request.headers.accept ?? '').includes('text/html') || basename(path).includes('.'))
      return undefined
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  }
}
