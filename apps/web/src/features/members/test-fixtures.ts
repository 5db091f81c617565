import { plan } from '@/test/fixtures';

export { member } from '@/test/fixtures';

export const activePlans = [plan()];

export const STATES = ['Abia', 'Lagos', 'Oyo'];
