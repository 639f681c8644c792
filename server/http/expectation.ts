/**
 * A request whose `Expect` asks for anything but `100-continue` is answered by
 * Node itself, before Fastify sees it: a 417 with an empty body. Node lets the
 * server answer instead through its 'checkExpectation' event; this answers the
 * same 417 with the error body every other answer has.
 *
 * The event belongs to Node's server, not to Fastify's hooks, so buildApp
 * installs it on `app.server`.
 */
import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http'
import { ApiError, errorItem } from './errors'

const expectationFailed = () =>
  new ApiError(417, errorItem('ExpectationFailed', 'The Expect header can only ask for 100-continue.'))

function answerExpectation(_request: IncomingMessage, response: ServerResponse) {
  const answer = expectationFailed()
  const body = JSON.stringify(answer.body)
  response.writeHead(answer.statusCode, STATUS_CODES[answer.statusCode], {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // The request's body, if any, is never read: the connection cannot carry another request.
    connection: 'close',
  })
  response.end(body)
}

/** Once per server: a second call changes nothing. */
export function installExpectationHandler(server: Server) {
  if (server.listeners('checkExpectation').includes(answerExpectation)) return
  server.on('checkExpectation', answerExpectation)
}
