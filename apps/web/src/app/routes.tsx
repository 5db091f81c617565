import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { usePageTitle } from '@/lib/use-page-title';
import { ErrorPage } from './error-page';
import { GuestOnly, RequireAuth } from './guards';
import type { BusinessRouteHandle } from './layout/require-business';
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
const RequireBusiness = lazyPage(() => import('./layout/require-business'), 'RequireBusiness');
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

/** A back-office page is reachable both at /x and at /dashboard/x. */
const atBoth = (path: string, Page: ComponentType, handle?: BusinessRouteHandle): RouteObject[] => [
  { path: `/${path}`, element: <Page />, handle },
  { path: `/dashboard/${path}`, element: <Page />, handle },
];

/** The pages of a business's records, with the tab title they have while the setup is asked for. */
const businessSections: [path: string, Page: ComponentType, title: string][] = [
  ['members', MembersPage, 'Members'],
  ['members/add', MemberAddPage, 'Add member'],
  ['members/:id', MemberDetailsPage, 'Member details'],
  ['members/:id/edit', MemberEditPage, 'Edit member'],
  ['subscriptions', SubscriptionsPage, 'Subscriptions'],
  ['payments', PaymentsPage, 'Payments'],
  ['subscription-plans', SubscriptionPlansPage, 'Subscription plans'],
  ['subscription-plans/add', PlanAddPage, 'Create plan'],
  ['subscription-plans/:id', PlanDetailsPage, 'Plan details'],
  ['subscription-plans/:id/edit', PlanEditPage, 'Edit plan'],
];

const otherSections: [path: string, Page: ComponentType][] = [
  ['communications', CommunicationsPage],
  ['users', UsersPage],
  ['settings', SettingsPage],
];

/** The landing page names its tab after the product alone. */
function Landing() {
  usePageTitle(undefined);
  return <LandingPage />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/', element: <Landing /> },
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
              ...otherSections.flatMap(([path, Page]) => atBoth(path, Page)),
              {
                element: <RequireBusiness />,
                children: businessSections.flatMap(([path, Page, title]) =>
                  atBoth(path, Page, { title }),
                ),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
