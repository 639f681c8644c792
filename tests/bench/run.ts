/** `npm run bench`: every benchmark, one after another, printing its figures (never pass/fail). */
import { browserBench } from './browser-bench'
import { serverBench } from './server-bench'
import { syncBench } from './sync-bench'

console.log('Outpost benchmarks\n')
console.log('— Server: searches and writes at 100,000 contacts —')
await serverBench()
console.log('\n— Sync: hydrate and replay —')
await syncBench()
console.log('\n— Browser: the contacts list in Chromium at 100,000 contacts —')
await browserBench()
