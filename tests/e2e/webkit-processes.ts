/**
 * What WebKit's processes are doing, read from /proc: for a page that stopped answering scripts,
 * whether each main thread (the browser's own, the network process holding IndexedDB, the web
 * processes) spins (a loop) or sleeps (waiting on another process, or a deadlock), and where in the
 * kernel it waits. Linux only; elsewhere it says so.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'

const TICKS_PER_SECOND = 100

/** The kernel's (15-letter) names of WebKit's processes, and what this file calls them. */
const KINDS: Record<string, string> = {
  MiniBrowser: 'browser',
  WebKitNetworkPr: 'network process',
  WebKitWebProces: 'web process',
}

function webKitProcesses(): { pid: number; kind: string }[] {
  if (!existsSync('/proc')) return []
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const kind = KINDS[readFileSync(`/proc/${name}/comm`, 'utf8').trim()]
        return kind ? [{ pid: Number(name), kind }] : []
      } catch {
        return []
      }
    })
}

/** State, and user + system ticks, of a process's main thread (the task with the process's own id). */
function sample(pid: number) {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return { state: fields[0] as string, ticks: Number(fields[11]) + Number(fields[12]) }
}

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8').trim()
  } catch {
    return '?'
  }
}

/** One line per WebKit process: its main thread's state, its CPU over one second, and its kernel wait. */
export async function webProcessStates(): Promise<string> {
  const found = webKitProcesses()
  if (found.length === 0) return 'no WebKit process found in /proc'
  const before = new Map(found.map(({ pid }) => [pid, sample(pid)]))
  await new Promise((resolve) => setTimeout(resolve, 1000))
  return found
    .map(({ pid, kind }) => {
      try {
        const now = sample(pid)
        const cpu = Math.round(((now.ticks - (before.get(pid)?.ticks ?? now.ticks)) / TICKS_PER_SECOND) * 100)
        const line = `${kind} ${pid}: main thread ${now.state}, ${cpu}% CPU, waiting in ${read(`/proc/${pid}/wchan`)}`
        // Asleep: what it waits for is on its own stack (a synchronous IPC names its message there).
        return now.state === 'S' && cpu === 0 ? `${line}, in ${mainThreadStack(pid)}` : line
      } catch {
        return `${kind} ${pid}: gone`
      }
    })
    .join('; ')
}

/** The innermost frames of a process's main thread, by function name, from gdb when it is there. */
function mainThreadStack(pid: number): string {
  try {
    const trace = execFileSync(
      'gdb',
      ['-p', String(pid), '-batch', '-nx', '-ex', 'thread 1', '-ex', 'bt 40'],
      {
        encoding: 'utf8',
        timeout: 30_000,
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    )
    const frames = trace
      .split('\n')
      .filter((line) => line.startsWith('#'))
      .map(
        (line) => /(?:in )?([\w:~<>]+) \(/.exec(line.replace(/^#\d+\s+(0x[0-9a-f]+ in )?/, ''))?.[1] ?? '?',
      )
    return frames.length ? frames.join(' < ') : 'no stack (gdb could not attach)'
  } catch {
    return 'no stack (gdb is not installed, or could not attach)'
  }
}
