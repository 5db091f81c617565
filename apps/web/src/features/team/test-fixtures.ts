import type { TeamUser } from '@kora/shared';

/** Ada Obi, the verified owner of Iron Gym (id 1: the signed-in user of the tests by default). */
export const teamUser = (overrides: Partial<TeamUser> = {}): TeamUser => ({
  id: 1,
  first_name: 'Ada',
  last_name: 'Obi',
  email: 'ada@irongym.ng',
  phone_number: '+2348031234567',
  role: 'owner',
  email_verified: true,
  profile_picture: null,
  created_at: '2026-01-05T09:00:00.000Z',
  invitation_expires_at: null,
  ...overrides,
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Bola, a verified admin. */
export const bola = teamUser({
  id: 2,
  first_name: 'Bola',
  last_name: 'Ade',
  email: 'bola@irongym.ng',
  phone_number: null,
  role: 'admin',
  created_at: '2026-02-10T09:00:00.000Z',
});

/** Kemi, invited as staff without names, her link still good. */
export const kemi = () =>
  teamUser({
    id: 3,
    first_name: '',
    last_name: '',
    email: 'kemi@irongym.ng',
    phone_number: null,
    role: 'staff',
    email_verified: false,
    created_at: '2026-03-01T09:00:00.000Z',
    invitation_expires_at: inDays(5),
  });

/** Sade Bello, invited as staff; her link has expired. */
const sade = () =>
  teamUser({
    id: 4,
    first_name: 'Sade',
    last_name: 'Bello',
    email: 'sade@irongym.ng',
    phone_number: null,
    role: 'staff',
    email_verified: false,
    created_at: '2026-03-02T09:00:00.000Z',
    invitation_expires_at: inDays(-1),
  });

/** The team as GET /v1/user answers it: the owner first, then by name. */
export const team = () => [teamUser(), bola, kemi(), sade()];
