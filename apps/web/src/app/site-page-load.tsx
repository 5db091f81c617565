import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

const LAST_TRY_KEY = 'kora.site-load';

/**
 * A page of the public site reached inside the app (a link or the back button): the server
 * renders the site, so the browser loads it as a whole page. If the server answered this app for
 * it a moment ago (a dev server without the site), a link is shown instead of looping.
 */
export function SitePageLoad() {
  const { pathname, search, hash } = useLocation();
  const href = `${pathname}${search}${hash}`;
  const [looping, setLooping] = useState(false);

  useEffect(() => {
    const last = window.sessionStorage.getItem(LAST_TRY_KEY);
    const [path, at] = last?.split('|') ?? [];
    if (path === href && Date.now() - Number(at) < 5_000) {
      setLooping(true);
      return;
    }
    window.sessionStorage.setItem(LAST_TRY_KEY, `${href}|${Date.now()}`);
    window.location.replace(href);
  }, [href]);

  return (
    <Center mih="100dvh" component="main">
      {looping ? (
        <Stack align="center" gap="xs">
          <Text>This page is served by the Kora server.</Text>
          <Anchor href={href}>Open {pathname}</Anchor>
        </Stack>
      ) : (
        <Loader aria-label="Loading" />
      )}
    </Center>
  );
}
