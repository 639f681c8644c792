/** `npm run bench`: every benchmark, one after another, printing its figures. */
import { syncBench } from './sync-bench'

console.log('Outpost benchmarks (figures, not pass/fail)\n')
await syncBench()
