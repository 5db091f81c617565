import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { startDeskSync } from '@/features/offline';
import { DeskBanner } from './desk-banner';
import { AppHeader } from './app-header';
import { BusinessSetupBanner } from './business-setup-banner';
import { SideNav } from './side-nav';
import './shell-styles.css';
import { loadAllStylesWhenIdle } from '@/lib/lazy-page';

/**
 * The back-office shell: header, side navigation (a drawer on phones), the offline desk's
 * banner, the setup prompt.
 */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(() => close(), [pathname, close]); // a chosen page closes the drawer
  // The offline desk: sends what this device recorded and keeps its list of members fresh.
  useEffect(() => startDeskSync(), []);
  // Mantine's whole stylesheet, for what the first page loads later (its dialogs' code).
  useEffect(() => void loadAllStylesWhenIdle(), []);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: { sm: 76, lg: 248 }, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'md', lg: 'xl' }}
      bg="gray.0"
    >
      <AppShell.Header>
        <AppHeader navOpened={opened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        <AppShell.Section grow component="div" style={{ overflowY: 'auto' }}>
          <SideNav onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <DeskBanner />
        <BusinessSetupBanner />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
