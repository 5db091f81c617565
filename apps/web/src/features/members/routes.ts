import { IconUsers } from '@tabler/icons-react';
import type { Feature } from '@/lib/feature';
import { lazyPage } from '@/lib/lazy-page';

/** The members pages, loaded on demand, and their navigation item. */
export const membersFeature: Feature = {
  name: 'members',
  nav: { label: 'Members', to: '/members', icon: IconUsers, order: 20 },
  routes: [
    {
      path: 'members',
      page: lazyPage(() => import('./pages/members-page'), 'MembersPage'),
      needsBusiness: true,
      title: 'Members',
    },
    {
      path: 'members/add',
      page: lazyPage(() => import('./pages/member-add-page'), 'MemberAddPage'),
      needsBusiness: true,
      title: 'Add member',
    },
    {
      path: 'members/:id',
      page: lazyPage(() => import('./pages/member-details-page'), 'MemberDetailsPage'),
      needsBusiness: true,
      title: 'Member details',
    },
    {
      path: 'members/:id/edit',
      page: lazyPage(() => import('./pages/member-edit-page'), 'MemberEditPage'),
      needsBusiness: true,
      title: 'Edit member',
    },
  ],
};
