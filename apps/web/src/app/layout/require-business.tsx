import { Outlet, useMatches } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useUserProfile } from '@/features/account';
import { BusinessSetupPrompt } from '@/features/business';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';

/** What a business page's route declares: the page's name, shown while the setup is asked for. */
export interface BusinessRouteHandle {
  title: string;
}

function NoBusiness({ title }: { title: string | undefined }) {
  usePageTitle(title);
  return (
    <>
      {title ? <PageHeader title={title} /> : null}
      <BusinessSetupPrompt />
    </>
  );
}

/**
 * The pages of a business's records (members, plans, subscriptions, payments): a user without a
 * business is asked to set it up, and the page (with its calls, which would all be refused) is
 * not shown. The loaded profile decides; until it loads, the signed-in token does.
 */
export function RequireBusiness() {
  const { user } = useSession();
  const profile = useUserProfile();
  const handle = useMatches().at(-1)?.handle as BusinessRouteHandle | undefined;

  // A profile that failed to load leaves the question to the server (and the page's LoadError).
  const hasBusiness = profile.data
    ? profile.data.business_id !== null
    : profile.isError || Boolean(user?.businessId);
  if (hasBusiness) return <Outlet />;
  if (profile.isPending) return <PageLoader />;
  return <NoBusiness title={handle?.title} />;
}
