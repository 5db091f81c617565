// The member list answer serialised in-process (bench/serialise.ts): no server, no database, so
// only the serializers differ. Ratios are to JSON.stringify of the same answer in the same run.
import { runTsx } from '../lib.mjs';

export const serialiseSuite = ({ duration }) => {
  console.log('\n== in-process: serialising the member list answer');
  const { rows } = runTsx('serialise.ts', ['--seconds', String(duration)]);
  return rows.map((r) => ({
    target: 'in-process',
    data: `${r.size} members`,
    route: `member list answer: ${r.serializer}`,
    rps: r.perSecond,
    ratio: `${(r.ratio * 100).toFixed(1)} %`,
    p50: `${r.microseconds.toFixed(1)} µs`,
    p95: '',
    p99: '',
    notes: `answers/s in the req/s column, time per answer in p50; ${r.bytes} bytes${
      r.serializer === 'JSON.stringify' ? '; yardstick' : ''
    }`,
  }));
};
