import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ErrorPage } from './error-page';
import { GuestOnly, RequireAuth } from './guards';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';

/*
 * The route table: the one place pages are registered. Every page is loaded on demand, so the
 * public pages never load the back-office code. A later feature adds its pages here.
 */

// Public
const LandingPage = lazyPage(() => import('@/site/landing-page'), 'LandingPage');
const LoginPage = lazyPage(() => import('@/features/auth/pages/login-page'), 'LoginPage');
const SignupPage = lazyPage(() => import('@/features/auth/pages/signup-page'), 'SignupPage');
const ForgotPasswordPage = lazyPage(
  () => import('@/features/auth/pages/forgot-password-page'),
  'ForgotPasswordPage',
);
const SetPasswordPage = lazyPage(
  () => import('@/features/auth/pages/set-password-page'),
  'SetPasswordPage',
);

// Back office
const AppLayout = lazyPage(() => import('./layout/app-layout'), 'AppLayout');
const DashboardPage = lazyPage(
  () => import('@/features/dashboard/pages/dashboard-page'),
  'DashboardPage',
);
const ProfilePage = lazyPage(() => import('@/features/account/pages/profile-page'), 'ProfilePage');
const ChangePasswordPage = lazyPage(
  () => import('@/features/account/pages/change-password-page'),
  'ChangePasswordPage',
);
const SettingsPage = lazyPage(
  () => import('@/features/settings/pages/settings-page'),
  'SettingsPage',
);
const MembersPage = lazyPage(() => import('@/features/members/pages/members-page'), 'MembersPage');
const MemberAddPage = lazyPage(
  () => import('@/features/members/pages/member-add-page'),
  'MemberAddPage',
);
const MemberDetailsPage = lazyPage(() => import('./member-details-route'), 'MemberDetailsRoute');
const MemberEditPage = lazyPage(
  () => import('@/features/members/pages/member-edit-page'),
  'MemberEditPage',
);
const SubscriptionsPage = lazyPage(
  () => import('@/features/subscriptions/pages/subscriptions-page'),
  'SubscriptionsPage',
);
const PaymentsPage = lazyPage(
  () => import('@/features/payments/pages/payments-page'),
  'PaymentsPage',
);
const CommunicationsPage = lazyPage(
  () => import('@/features/communications/pages/communications-page'),
  'CommunicationsPage',
);
const UsersPage = lazyPage(() => import('@/features/users/pages/users-page'), 'UsersPage');
const SubscriptionPlansPage = lazyPage(
  () => import('@/features/subscription-plans/pages/subscription-plans-page'),
  'SubscriptionPlansPage',
);
const PlanAddPage = lazyPage(
  () => import('@/features/subscription-plans/pages/plan-add-page'),
  'PlanAddPage',
);
const PlanDetailsPage = lazyPage(
  () => import('@/features/subscription-plans/pages/plan-details-page'),
  'PlanDetailsPage',
);
const PlanEditPage = lazyPage(
  () => import('@/features/subscription-plans/pages/plan-edit-page'),
  'PlanEditPage',
);

/** Back-office pages reachable both at /x and at /dashboard/x (spec 02 §2 "Route access"). */
const sections: [path: string, Page: ComponentType][] = [
  ['members', MembersPage],
  ['members/add', MemberAddPage],
  ['members/:id', MemberDetailsPage],
  ['members/:id/edit', MemberEditPage],
  ['subscriptions', SubscriptionsPage],
  ['payments', PaymentsPage],
  ['communications', CommunicationsPage],
  ['users', UsersPage],
  ['subscription-plans', SubscriptionPlansPage],
  ['subscription-plans/add', PlanAddPage],
  ['subscription-plans/:id', PlanDetailsPage],
  ['subscription-plans/:id/edit', PlanEditPage],
  ['settings', SettingsPage],
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/set-password', element: <SetPasswordPage /> },
      {
        element: <GuestOnly />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/signup', element: <SignupPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/profile', element: <ProfilePage /> },
              { path: '/change-password', element: <ChangePasswordPage /> },
              ...sections.flatMap(([path, Page]) => [
                { path: `/${path}`, element: <Page /> },
                { path: `/dashboard/${path}`, element: <Page /> },
              ]),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
