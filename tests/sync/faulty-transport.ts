/**
 * A network that misbehaves on cue, between a simulated client and the real
 * server: requests lost on the way, answers lost after the server committed,
 * requests sent twice, answers delayed (so clients interleave), sessions
 * that look expired, and servers that fall over. `heal()` makes it honest.
 */
import { type ApiRequest, NetworkError, type Transport } from '../../src/transport/http'

export type Fault =
  | 'none'
  | 'drop-request'
  | 'drop-answer'
  | 'duplicate'
  | 'delay'
  | 'unauthorized'
  | 'server-error'

export const FAULTS: Fault[] = [
  'none',
  'drop-request',
  'drop-answer',
  'duplicate',
  'delay',
  'unauthorized',
  'server-error',
]

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function faultyTransport(inner: Transport, faults: Fault[]) {
  let next = 0
  let healed = false
  const injected: Record<Fault, number> = {
    none: 0,
    'drop-request': 0,
    'drop-answer': 0,
    duplicate: 0,
    delay: 0,
    unauthorized: 0,
    'server-error': 0,
  }
  const transport: Transport = async (request: ApiRequest) => {
    const fault = healed || faults.length === 0 ? 'none' : (faults[next++ % faults.length] as Fault)
    injected[fault]++
    switch (fault) {
      case 'drop-request':
        throw new NetworkError('request lost')
      case 'drop-answer':
        await inner(request)
        throw new NetworkError('answer lost after the server committed')
      case 'duplicate': {
        const first = inner(request)
        const second = inner(request)
        const [answer] = await Promise.all([first, second])
        return answer
      }
      case 'delay':
        await pause(3)
        return inner(request)
      case 'unauthorized':
        return {
          status: 401,
          headers: {},
          body: { errors: [{ name: 'Unauthorized', title: 'Signed out', message: 'Signed out.' }] },
        }
      case 'server-error':
        // Half the time the server did the work before failing: the retry must not do it twice.
        if (next % 2 === 0) await inner(request)
        return {
          status: 503,
          headers: {},
          body: { errors: [{ name: 'Unavailable', title: 'Down', message: 'Down.' }] },
        }
      default:
        return inner(request)
    }
  }
  return { transport, heal: () => (healed = true), injected }
}
