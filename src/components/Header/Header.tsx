import { lazy, Suspense } from 'react';
import { Box, Burger, Button, Container, Group, Skeleton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCategory, IconCode, IconFlame, IconHome, IconMoodKid, IconSparkles } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router-dom';
import { useAuth } from '../../features/auth/AuthProvider';
import { OfflineIndicator } from '../../pwa/OfflineIndicator';
import { Logo } from '../Logo/Logo';
import { SearchBox } from '../SearchBox/SearchBox';
import { lazyWhenOpened } from '../Deferred/lazyWhenOpened';
import { LazySignInDialog as SignInDialog } from '../SignInDialog/LazySignInDialog';
import { LanguageSwitcher } from '../LanguageSwitcher/LanguageSwitcher';
import { ThemeToggle } from '../ThemeToggle/ThemeToggle';
import classes from './Header.module.css';
import type { NavItem } from './NavDrawer';

const NavDrawer = lazyWhenOpened(async () => (await import('./NavDrawer')).NavDrawer);

const baseLinks: NavItem[] = [
  { to: '/', label: 'Home', icon: IconHome },
  { to: '/categories', label: 'Categories', icon: IconCategory },
  { to: '/new', label: 'New', icon: IconSparkles },
  { to: '/trending', label: 'Trending', icon: IconFlame },
  { to: '/kids', label: 'Kids Zone', icon: IconMoodKid },
];


const AccountMenu = lazy(async () => ({ default: (await import('./AccountMenu')).AccountMenu }));

function UserControls({ onSignIn }: { onSignIn: () => void }) {
  const { user, loading, logout, logoutEverywhere } = useAuth();
  const placeholder = <Skeleton height={36} width={110} radius="xl" data-testid="session-placeholder" />;
  if (loading) return placeholder;
  if (!user) {
    return (
      <Button onClick={onSignIn} radius="xl">
        Sign In
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
  const links = user ? [...baseLinks, { to: '/developer', label: 'Developer', icon: IconCode }] : baseLinks;

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl">
        <Group className={classes.bar} justify="space-between" wrap="nowrap" gap="md">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="lg"
              size="sm"
              aria-label="Open navigation"
            />
            <Link to="/" className={classes.logoLink} aria-label="PlayFree home">
              <Logo />
            </Link>
          </Group>
          <Group component="nav" aria-label="Main" gap={2} visibleFrom="lg" wrap="nowrap">
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} end className={classes.link}>
                {link.label}
              </NavLink>
            ))}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Box visibleFrom="sm" w={{ sm: 220, lg: 260 }}>
              <SearchBox id="header-search" />
            </Box>
            <OfflineIndicator visibleFrom="sm" />
            <LanguageSwitcher />
            <ThemeToggle />
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
