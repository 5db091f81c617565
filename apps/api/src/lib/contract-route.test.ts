import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerOf, contract, memberContracts } from '@kora/shared';
import { answerSerializerCompiler, route } from './contract-route';

const thing = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  tags: z.array(z.string()).optional(),
  owner: z.object({ id: z.number().int() }).nullable(),
});

const getThing = contract({
  method: 'GET',
  path: '/thing',
  operationId: 'getThing',
  summary: 'A thing',
  tag: 'things',
  access: 'public',
  query: z.object({ refuse: z.enum(['yes', 'no']).optional() }),
  answer: answerOf(thing),
});

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  route(app, getThing, async (req, reply) => {
    if (req.query.refuse === 'yes')
      return reply.status(400).send({
        message: 'Refused.',
        code: 'REFUSED',
        errors: { refuse: 'Refused.' },
        stack: 'at handler (contract-route.test.ts)',
      });
    return {
      message: 'Thing loaded.',
      data: {
        id: 7,
        name: 'Kettlebell',
        note: null,
        owner: { id: 3, passwordHash: 'secret' },
        passwordHash: 'secret',
      },
      debug: 'internal',
    } as never;
  });
  await app.ready();
});
afterAll(() => app.close());

describe('answers serialised from their contract', () => {
  it('leave the server with the declared fields only, nulls kept, absent optionals left out', async () => {
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Thing loaded.',
      data: { id: 7, name: 'Kettlebell', note: null, owner: { id: 3 } },
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('internal');
  });

  it('serialise a 4xx with the error answer, without undeclared fields', async () => {
    const res = await app.inject({ method: 'GET', url: '/thing?refuse=yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Refused.',
      code: 'REFUSED',
      errors: { refuse: 'Refused.' },
    });
  });

  it('write exactly what encoding through zod and JSON.stringify writes', () => {
    const schema = memberContracts.list.answer;
    const member = (id: number, withPlan: boolean) => ({
      id,
      member_id: `IPG-0000${id}`,
      first_name: 'Adébáyọ̀',
      middle_name: withPlan ? null : 'Ada',
      last_name: 'Okafor "Jr"',
      mobile_number: '+2348031234567',
      email_address: `member${id}@example.com`,
      home_address: null,
      city: 'Ikeja',
      state: 'Lagos',
      country_code: 'NG',
      date_of_birth: withPlan ? '1994-05-17' : null,
      gender: withPlan ? ('Female' as const) : null,
      emergency_contact_name: null,
      emergency_contact_number: null,
      emergency_contact_relationship: 'Brother\n',
      subscription_type_id: withPlan ? 3 : null,
      subscription_type: withPlan
        ? { id: 3, name: 'Monthly', amount: 22500.75, duration: 1, duration_type: 'month' as const }
        : null,
      subscription_status: withPlan ? (1 as const) : (0 as const),
      subscription_status_label: withPlan ? ('Active' as const) : ('No Subscription' as const),
      is_active: true,
      reminders_opt_out: false,
      marketing_consent: 'not_asked' as const,
      is_walk_in: false,
      picture_url: null,
      last_visit_at: withPlan ? '2026-01-06T06:42:00.000Z' : null,
      frozen_until: null,
      created_at: '2026-01-05T09:30:00.000Z',
      updated_at: '2026-01-06T10:00:00.000Z',
    });
    const page = {
      message: 'Members loaded.',
      data: [member(1, true), member(2, false)],
      meta: { page: 1, per_page: 10, pages: 1, total: 2, total_capped: true },
    };
    const serialize = answerSerializerCompiler({ schema, method: 'GET', url: '/v1/member' });
    expect(serialize(page)).toBe(JSON.stringify(z.encode(schema, page)));
  });
});
