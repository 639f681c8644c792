/**
 * Requests Node's HTTP parser refuses (a malformed request line, a control
 * character in a header, headers or a URL past the size limit, a request that
 * never finished arriving) never reach Fastify's routes or error handler:
 * there is no request or reply, only the socket. Fastify's clientErrorHandler
 * lets them answer the same error body as everything else, written by hand.
 */
import { type Server, type ServerResponse, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { ConnectionError } from 'fastify'
import { ApiError, badRequest, errorItem, headersTooLarge, requestTimeout, tooLarge } from './errors'

/** How long a client that has its answer may keep the connection half open. */
const CLOSE_GRACE_MS = 10_000

function answerFor(error: ConnectionError): ApiError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return headersTooLarge()
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return tooLarge('The request body is not valid chunked encoding.')
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return requestTimeout()
    default:
      return badRequest('The request is not valid HTTP.')
  }
}

/** The whole HTTP/1.1 response, as bytes: there is no reply object to write it. */
function rawAnswer(answer: ApiError): Buffer {
  const body = Buffer.from(JSON.stringify(answer.body))
  const head = [
    `HTTP/1.1 ${answer.statusCode} ${STATUS_CODES[answer.statusCode] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${body.length}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ]
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body])
}

/**
 * CONNECT asks a server to be a proxy, which this one is not. Node hands it to
 * the server's 'connect' event and, with no listener, closes the socket without
 * a word; this answers 405 with the error body instead.
 */
function refuseConnect(_request: unknown, socket: Socket) {
  const answer = new ApiError(
    405,
    errorItem('MethodNotAllowed', 'This server is not a proxy: CONNECT is not allowed.'),
  )
  socket.end(rawAnswer(answer))
  socket.setTimeout(CLOSE_GRACE_MS, () => socket.destroy())
}

/** Once per server (buildApp installs it on `app.server`). */
export function installConnectRefusal(server: Server) {
  if (!server.listeners('connect').includes(refuseConnect)) server.on('connect', refuseConnect)
}

export function clientErrorHandler(error: ConnectionError, socket: Socket) {
  // The client is gone, or this connection was already answered (the parser reports every later chunk too).
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return
  // As Node does: never write into a response that has begun on this connection (keep-alive); just close.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage
  if (inFlight?.headersSent) {
    socket.destroy()
    return
  }
  // end(), not destroy(): closing with the client's bytes unread could reset the connection before it reads this.
  socket.end(rawAnswer(answerFor(error)))
  socket.setTimeout(CLOSE_GRACE_MS, () => socket.destroy())
}
