/**
 * Serves the built PWA (dist/) from one route: the files that were there at
 * start, and index.html for any other page a browser navigates to (history
 * routing), never for /api or /images. Hashed /assets/* are cached for a
 * year; the shell, the service worker and the manifest are revalidated on
 * every load so an update is seen at once. The route is the app shell's
 * (SHELL): public, and reachable from a link on another site.
 *
 * Text files are sent compressed when the browser accepts it: the build
 * writes a `.br` and a `.gz` copy beside each (scripts/precompress.ts), and
 * the copy the Accept-Encoding prefers is sent (Brotli first), with
 * `Vary: Accept-Encoding` on every file so a shared cache keeps them apart.
 */
import { existsSync, readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { SHELL } from '../http/access'
import { notFound, uriTooLong } from '../http/errors'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** `path` as the URL names it: `/assets/index-abc.js`. */
export function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return IMMUTABLE
  // index.html, sw.js, the manifest, icons: always ask (cheap 304s thanks to ETag/Last-Modified).
  return 'no-cache'
}

/** Copies of a file the build compressed; never addressed by themselves. */
const isCompressedCopy = (path: string) => path.endsWith('.br') || path.endsWith('.gz')

/** The URL path of every file under dir, except the compressed copies. */
function filesOf(dir: string): Set<string> {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true })
  return new Set(
    entries
      .filter((entry) => entry.isFile() && !isCompressedCopy(entry.name))
      .map(
        (entry) =>
          `/${join(entry.parentPath, entry.name)
            .slice(dir.length + 1)
            .split('\\')
            .join('/')}`,
      ),
  )
}

const underServerPaths = (path: string) =>
  ['/api', '/images'].some((prefix) => path === prefix || path.startsWith(`${prefix}/`))

/** The router's longest path parameter: an API path with a longer part never matched its route for that. */
const MAX_PARAM_LENGTH = 100
const hasOverlongPart = (path: string) => path.split('/').some((part) => part.length > MAX_PARAM_LENGTH)

/** Only navigations get the shell: a missing script or image must stay a 404, not become HTML. */
const isNavigation = (request: FastifyRequest, path: string) =>
  (request.headers.accept ?? '').includes('text/html') &&
  !basename(path).includes('.') &&
  !underServerPaths(path)

type ShellRequest = FastifyRequest<{ Params: { '*': string } }>

export async function serveStatic(app: FastifyInstance, staticDir: string) {
  if (!existsSync(join(staticDir, 'index.html'))) return
  const files = filesOf(staticDir)
  // Only reply.sendFile: which paths exist is decided here, by one route.
  // preCompressed: the plugin picks `<file>.br` / `.gz` by Accept-Encoding, falls back to the file, sets Vary.
  await app.register(fastifyStatic, {
    root: staticDir,
    serve: false,
    cacheControl: false,
    preCompressed: true,
  })
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    config: { access: SHELL },
    handler: (request: ShellRequest, reply) => {
      // The router has decoded the path: `/%61ssets/x.js` names `/assets/x.js`.
      const path = `/${request.params['*']}`
      if (files.has(path)) return reply.header('cache-control', cacheControlFor(path)).sendFile(path.slice(1))
      if (path === '/' || isNavigation(request, path)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html')
      }
      // As the API's own routes answer it for the other methods, not as a missing file.
      if (underServerPaths(path) && hasOverlongPart(path)) throw uriTooLong()
      throw notFound()
    },
  })
}
