/**
 * A network the test can cut: a TCP relay in front of the server. The browser
 * talks to the relay's port; cut, it drops every open connection and refuses
 * new ones, so requests fail as on a lost network, in every engine alike
 * (WebDriver classic has no offline switch). The server keeps running behind
 * it, so the test can still ask it what it holds. The Host and Origin the
 * browser sends name the relay's port, which the server accepts as loopback.
 */
import { connect, createServer, type Socket } from 'node:net'

export interface NetworkSwitch {
  url: string
  cut: () => void
  restore: () => void
  close: () => Promise<void>
}

export async function networkSwitch(target: string): Promise<NetworkSwitch> {
  const { hostname, port } = new URL(target)
  const open = new Set<Socket>()
  let cut = false
  const relay = createServer((client) => {
    if (cut) return void client.destroy()
    const upstream = connect(Number(port), hostname)
    for (const socket of [client, upstream]) {
      open.add(socket)
      socket.on('close', () => open.delete(socket))
      socket.on('error', () => undefined)
    }
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  const address = relay.address()
  if (typeof address !== 'object' || !address) throw new Error('The relay has no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut: () => {
      cut = true
      for (const socket of open) socket.destroy()
    },
    restore: () => {
      cut = false
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy()
        relay.close(() => resolve())
      }),
  }
}
