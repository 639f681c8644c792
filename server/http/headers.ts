/**
 * The security headers of every answer: helmet's set with the PWA's
 * Content-Security-Policy, plus what helmet does not decide for us: HSTS only
 * over HTTPS, no caching of answers unless a route says otherwise, and a
 * Permissions-Policy that turns off browser features the app never uses.
 */
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/** The PWA's Content-Security-Policy; nothing loads from anywhere but here, and forms post only here. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
}

/** helmet's own value; a year, as browsers' preload lists expect. */
const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * Powerful features no page of the app uses, denied to it and to anything it
 * might embed. Photos are picked with a file input, which needs no camera
 * permission (the device's own picker offers the camera).
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

export async function installSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    // No upgrade-insecure-requests (helmet's default): the app may be served over plain HTTP on a LAN.
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // SAMEORIGIN would contradict frame-ancestors 'none' (older browsers read only this one).
    xFrameOptions: { action: 'deny' },
    // Set below, over HTTPS only: browsers ignore it over plain HTTP, where it only misleads (a LAN install).
    strictTransportSecurity: false,
  })
  app.addHook('onRequest', (request, reply, done) => {
    // Answers hold private data: no cache keeps them unless a route sets its own (static files, images).
    reply.header('cache-control', 'no-store')
    reply.header('permissions-policy', PERMISSIONS_POLICY)
    // HTTPS as the session cookie sees it: X-Forwarded-Proto from the trusted proxy hops, or an https PUBLIC_URL.
    if (request.viaHttps()) reply.header('strict-transport-security', HSTS)
    done()
  })
}
