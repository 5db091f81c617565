/**
 * Answer serialisation alone, in one process, no server and no database: the member list answer
 * (`GET /v1/member`, 10 and 100 members) written by the serializer the API uses (Fastify's
 * fast-json-stringify, compiled from the answer's JSON Schema), by the one it used before (zod
 * encodes the answer, then JSON.stringify), and by plain JSON.stringify, the yardstick (what the
 * bare route's serializer does, on the same answer). Each runs for `--seconds` in turns of 200 ms,
 * interleaved so a busy machine slows all three alike; the figure is the median turn.
 * Usage (tsx): tsx bench/serialise.ts [--seconds 5]. Prints JSON rows for bench/run.mjs.
 */
import { parseArgs } from 'node:util';
import { memberContracts, type Member } from '@kora/shared';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { answerSerializerCompiler } from '../apps/api/src/lib/contract-route';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const seconds = Number(values.seconds);

const schema = memberContracts.list.answer;
const route = { schema, method: 'GET', url: '/v1/member' };
const serializers: [string, (answer: unknown) => string][] = [
  ['JSON.stringify', JSON.stringify],
  ['zod encode + JSON.stringify (before)', zodSerializerCompiler(route)],
  ['fast-json-stringify from the JSON Schema (now)', answerSerializerCompiler(route)],
];

/** A member as the list answers them: half with a plan, most optional fields empty. */
const member = (i: number): Member => ({
  id: 1000 + i,
  member_id: `B001-${String(i + 1).padStart(5, '0')}`,
  first_name: ['Ada', 'Chidi', 'Ngozi', 'Adébáyọ̀'][i % 4]!,
  middle_name: i % 3 === 0 ? 'Ife' : null,
  last_name: ['Okafor', 'Eze', 'Bello', 'Ọláníyàn'][i % 4]!,
  mobile_number: `+23480300${String(i).padStart(5, '0')}`,
  email_address: `member${i}.b1@example.com`,
  home_address: null,
  city: 'Ikeja',
  state: 'Lagos',
  country_code: 'NG',
  date_of_birth: i % 2 ? '1994-05-17' : null,
  gender: i % 2 ? 'Female' : 'Male',
  emergency_contact_name: null,
  emergency_contact_number: null,
  emergency_contact_relationship: null,
  subscription_type_id: i % 2 ? 3 : null,
  subscription_type:
    i % 2 ? { id: 3, name: 'Monthly', amount: 25000, duration: 1, duration_type: 'month' } : null,
  subscription_status: i % 2 ? 1 : 0,
  subscription_status_label: i % 2 ? 'Active' : 'No Subscription',
  is_active: true,
  reminders_opt_out: i % 7 === 0,
  marketing_consent: (['yes', 'no', 'not_asked'] as const)[i % 3]!,
  is_walk_in: i % 11 === 0,
  last_visit_at: i % 3 ? new Date(Date.UTC(2026, 0, 2, 7, i % 60)).toISOString() : null,
  picture_url: null,
  frozen_until: i % 13 === 0 ? '2026-01-20' : null,
  created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  updated_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
});

/** Calls per second of `fn` over `ms`. */
const turn = (fn: () => unknown, ms: number): number => {
  let n = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    for (let i = 0; i < 20; i++) fn();
    n += 20;
  }
  return (n * 1000) / ms;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const rows = [];
for (const size of [10, 100]) {
  const answer = {
    message: 'Members loaded.',
    data: Array.from({ length: size }, (_, i) => member(i)),
    meta: { page: 1, per_page: size, pages: 100, total: 100 * size },
  };
  // The same text from the API's serializer and the one before, or the figures compare nothing.
  if (serializers[1]![1](answer) !== serializers[2]![1](answer))
    throw new Error(`the serializers disagree on a ${size}-member page`);
  for (const [, fn] of serializers) turn(() => fn(answer), 300); // warm up
  const turns = serializers.map(() => [] as number[]);
  const rounds = Math.max(1, Math.round((seconds * 1000) / 200 / serializers.length));
  for (let r = 0; r < rounds; r++)
    serializers.forEach(([, fn], i) => turns[i]!.push(turn(() => fn(answer), 200)));
  const yardstick = median(turns[0]!);
  serializers.forEach(([name], i) => {
    const perSecond = median(turns[i]!);
    rows.push({
      size,
      serializer: name,
      perSecond: Math.round(perSecond),
      ratio: perSecond / yardstick,
      microseconds: 1e6 / perSecond,
      bytes: Buffer.byteLength(serializers[i]![1](answer)),
    });
  });
}
console.log(JSON.stringify({ rows }));
