import { NavLink, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { isNavItemActive, navItemsFor } from './nav-items';
import classes from './side-nav.module.css';

/**
 * Labels on phones (the burger's drawer) and wide screens; icons with tooltips in between.
 */
export function SideNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const compact = useMediaQuery('(min-width: 48em) and (max-width: 74.99em)');
  const items = navItemsFor(useSession().user?.role);

  return (
    <Stack component="nav" aria-label="Main navigation" gap={4} p={compact ? 'xs' : 'sm'}>
      {items.map((item) => {
        const active = isNavItemActive(item, pathname);
        const Icon = item.icon;
        if (compact) {
          return (
            <Tooltip key={item.to} label={item.label} position="right">
              <UnstyledButton
                component={Link}
                to={item.to}
                onClick={onNavigate}
                aria-label={item.label}
                aria-current={active ? 'page' : undefined}
                className={classes.iconLink}
                data-active={active || undefined}
              >
                <Icon size={22} stroke={1.7} aria-hidden />
              </UnstyledButton>
            </Tooltip>
          );
        }
        return (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            onClick={onNavigate}
            label={item.label}
            leftSection={<Icon size={20} stroke={1.7} aria-hidden />}
            active={active}
            aria-current={active ? 'page' : undefined}
            variant="light"
            className={classes.link}
          />
        );
      })}
    </Stack>
  );
}
