/**
 * The WebKit heap reader takes JavaScriptCore's collection log as the web processes write it: each
 * collection's first and last lines apart, other heaps' lines between them, and chunks of the pipe
 * that cut a line in two. These lines are as WebKitGTK 2.50 wrote them (JSC_logGC=1).
 */
import { describe, expect, it } from 'vitest'
import { HeapLog } from '../../e2e/webkit-heap'

const PAGE = '0x7fc11d4000c0'
const WORKER = '0x7fa0b8400000'
const start = (heap: string, kind: 'Eden' | 'Full') =>
  `[GC<${heap}>: START M 90614kb => ${kind}Collection, a=0kb hf=0.000 mu=0.600 v=0kb (C:0 M:0 P1:0) o=0 b=1 i#1:N<CsMsrShDMsm(0)> 1890+0 p=11.401000ms (max 11.401000)...]`
const step = (heap: string) =>
  `[GC<${heap}>: M a=819kb hf=0.062 mu=0.563 v=33752kb (C:216 M:0 P1:33535) o=6 b=0 0+1 p=0.862000ms (max 3.660000)...]`
const end = (heap: string, kb: number) =>
  `[GC<${heap}>: M a=8159kb hf=0.622 mu=0.227 v=94226kb (C:62526 M:0 P1:31696) o=6 b=1 i#8:P<Msm(0)CsShMsrDCbDomoJwOWs> => ${kb}kb, p=4.805000ms (max 11.401000), cycle 60.555000ms END]`

describe('HeapLog', () => {
  it('gives each collection its heap, its kind and the size it left, whatever lies between', () => {
    const log = new HeapLog()
    const text = [
      start(PAGE, 'Full'),
      step(PAGE),
      start(WORKER, 'Eden'),
      step(WORKER),
      end(WORKER, 2048),
      step(PAGE),
      end(PAGE, 100_407),
      'GC END!',
      `[GC<${PAGE}>: finalize 0.083000ms]`,
      start(PAGE, 'Eden'),
      end(PAGE, 100_500),
      '',
    ].join('\n')
    // The pipe's chunks cut lines anywhere.
    let other = ''
    for (let at = 0; at < text.length; at += 37) other += log.take(text.slice(at, at + 37))
    expect(log.ends).toEqual([
      { heap: WORKER, full: false, bytes: 2048 * 1024 },
      { heap: PAGE, full: true, bytes: 100_407 * 1024 },
      { heap: PAGE, full: false, bytes: 100_500 * 1024 },
    ])
    expect(other).toBe('')
  })

  it('hands back every line that is not the collector’s, for the driver’s own log', () => {
    const log = new HeapLog()
    const other = log.take(
      `WebKitWebDriver: listening\n${start(PAGE, 'Full')}\n${end(PAGE, 512)}\nMiniBrowser: a warning\n`,
    )
    expect(other).toBe('WebKitWebDriver: listening\nMiniBrowser: a warning\n')
    expect(log.ends).toEqual([{ heap: PAGE, full: true, bytes: 512 * 1024 }])
  })
})
