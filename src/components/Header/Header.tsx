import { Suspense } from 'react';
import { Box, Burger, Button, Container, Group, Skeleton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCategory, IconCode, IconFlame, IconHome, IconMoodKid, IconSparkles } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router-dom';
import { useAuth } from '../../features/auth/AuthProvider';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';
import { OfflineIndicator } from '../../pwa/OfflineIndicator';
import { Logo } from '../Logo/Logo';
import { SearchBox } from '../SearchBox/SearchBox';
import { lazyWhenOpened } from '../Deferred/lazyWhenOpened';
import { optionalPart } from '../Deferred/optionalPart';
import { LazySignInDialog as SignInDialog } from '../SignInDialog/LazySignInDialog';
import { LanguageSwitcher } from '../LanguageSwitcher/LanguageSwitcher';
import { ThemeToggle } from '../ThemeToggle/ThemeToggle';
import classes from './Header.module.css';
import type { NavItem } from './NavDrawer';

const NavDrawer = lazyWhenOpened(async () => (await import('./NavDrawer')).NavDrawer);

const nav = defineMessages({
  home: { id: 'nav.home', defaultMessage: 'Home' },
  categories: { id: 'nav.categories', defaultMessage: 'Categories' },
  new: { id: 'nav.new', defaultMessage: 'New' },
  trending: { id: 'nav.trending', defaultMessage: 'Trending' },
  kids: { id: 'nav.kidsZone', defaultMessage: 'Kids Zone' },
  developer: { id: 'nav.developer', defaultMessage: 'Developer' },
});

const baseLinks = [
  { to: '/', label: nav.home, icon: IconHome },
  { to: '/categories', label: nav.categories, icon: IconCategory },
  { to: '/new', label: nav.new, icon: IconSparkles },
  { to: '/trending', label: nav.trending, icon: IconFlame },
  { to: '/kids', label: nav.kids, icon: IconMoodKid },
];


const AccountMenu = optionalPart(async () => (await import('./AccountMenu')).AccountMenu);

function UserControls({ onSignIn }: { onSignIn: () => void }) {
  const { user, loading, logout, logoutEverywhere } = useAuth();
  const placeholder = <Skeleton height={36} width={110} radius="xl" data-testid="session-placeholder" />;
  if (loading) return placeholder;
  if (!user) {
    return (
      <Button onClick={onSignIn} radius="xl" className={classes.signIn}>
        <FormattedMessage id="header.signIn" defaultMessage="Sign In" />
      </Button>
    );
  }
  return (
    <Suspense fallback={placeholder}>
      <AccountMenu user={user} logout={logout} logoutEverywhere={logoutEverywhere} />
    </Suspense>
  );
}

export function Header() {
  const { user } = useAuth();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [signInOpened, signIn] = useDisclosure(false);
  const intl = useIntl();
  const links: NavItem[] = (user ? [...baseLinks, { to: '/developer', label: nav.developer, icon: IconCode }] : baseLinks).map((link) => ({
    ...link,
    label: intl.formatMessage(link.label),
  }));

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl">
        <Group className={classes.bar} justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="lg"
              size="sm"
              aria-label={intl.formatMessage({ id: 'header.openNavigation', defaultMessage: 'Open navigation' })}
            />
            <Link to="/" className={classes.logoLink} aria-label={intl.formatMessage({ id: 'header.homeLink', defaultMessage: 'PlayFree home' })}>
              <Logo />
            </Link>
          </Group>
          <Group component="nav" aria-label={intl.formatMessage({ id: 'header.mainNavigation', defaultMessage: 'Main' })} gap={2} visibleFrom="lg" wrap="nowrap">
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} end className={classes.link}>
                {link.label}
              </NavLink>
            ))}
          </Group>
          <Group className={classes.controls} wrap="nowrap">
            <Box visibleFrom="sm" className={classes.search}>
              <SearchBox id="header-search" />
            </Box>
            <OfflineIndicator visibleFrom="sm" />
            <LanguageSwitcher />
            <ThemeToggle visibleFrom="xs" />
            <UserControls onSignIn={signIn.open} />
          </Group>
        </Group>
        <Group hiddenFrom="sm" className={classes.mobileSearch} gap="xs" wrap="nowrap">
          <Box style={{ flex: 1 }}>
            <SearchBox id="header-search-mobile" />
          </Box>
          <OfflineIndicator hiddenFrom="sm" />
        </Group>
      </Container>

      <NavDrawer opened={drawerOpened} onClose={drawer.close} links={links} />
      <SignInDialog opened={signInOpened} onClose={signIn.close} />
    </Box>
  );
}
