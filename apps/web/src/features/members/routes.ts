import { IconUsers } from '@tabler/icons-react';
import { pages, type Feature } from '@/lib/feature';

/** The members pages, loaded on demand, and their navigation item. */
export const membersFeature: Feature = {
  name: 'members',
  nav: { label: 'Members', to: '/members', icon: IconUsers, order: 20 },
  routes: pages('business', {
    members: [() => import('./pages/members-page'), 'MembersPage', 'Members', 'own'],
    'members/add': [() => import('./pages/member-add-page'), 'MemberAddPage', 'Add member'],
    'members/import': [
      () => import('./pages/member-import-page'),
      'MemberImportPage',
      'Import members',
    ],
    'members/:id': [
      () => import('./pages/member-details-page'),
      'MemberDetailsPage',
      'Member details',
    ],
    'members/:id/edit': [() => import('./pages/member-edit-page'), 'MemberEditPage', 'Edit member'],
  }),
};
