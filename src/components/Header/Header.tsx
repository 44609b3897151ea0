import { Avatar, Box, Burger, Button, Container, Divider, Drawer, Group, Menu, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCategory,
  IconChevronDown,
  IconCode,
  IconFlag,
  IconFlame,
  IconHelp,
  IconHome,
  IconDevicesOff,
  IconLogout,
  IconMoodKid,
  IconShieldLock,
  IconSparkles,
  IconUpload,
} from '@tabler/icons-react';
import { Link, NavLink } from 'react-router-dom';
import { useAuth } from '../../features/auth/AuthProvider';
import { toast } from '../../notify';
import { OfflineIndicator } from '../../pwa/OfflineIndicator';
import { Logo } from '../Logo/Logo';
import { SearchBox } from '../SearchBox/SearchBox';
import { LazySignInDialog as SignInDialog } from '../SignInDialog/LazySignInDialog';
import { ThemeToggle } from '../ThemeToggle/ThemeToggle';
import classes from './Header.module.css';

const baseLinks = [
  { to: '/', label: 'Home', icon: IconHome },
  { to: '/categories', label: 'Categories', icon: IconCategory },
  { to: '/new', label: 'New', icon: IconSparkles },
  { to: '/trending', label: 'Trending', icon: IconFlame },
  { to: '/kids', label: 'Kids Zone', icon: IconMoodKid },
];

const secondaryLinks = [
  { to: '/developer', label: 'Submit Your Game', icon: IconUpload },
  { to: '/help', label: 'Help Center', icon: IconHelp },
  { to: '/report', label: 'Report a Game', icon: IconFlag },
];

function UserControls({ onSignIn }: { onSignIn: () => void }) {
  const { user, loading, logout, logoutEverywhere } = useAuth();
  if (loading) return <Skeleton height={36} width={110} radius="xl" data-testid="session-placeholder" />;
  if (!user) {
    return (
      <Button onClick={onSignIn} radius="xl">
        Sign In
      </Button>
    );
  }
  const label = user.name || user.email;
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${label}`}>
          <Group gap={8} wrap="nowrap">
            <Avatar name={label} color="initials" size={34} radius="xl" />
            <Text size="sm" fw={600} visibleFrom="lg" maw={140} truncate>
              {label}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="bright" truncate>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to="/developer" leftSection={<IconCode size={16} />}>
          Developer Portal
        </Menu.Item>
        {user.role === 'ADMIN' && (
          <Menu.Item component={Link} to="/admin" leftSection={<IconShieldLock size={16} />}>
            Admin Dashboard
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          Sign Out
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconDevicesOff size={16} />}
          onClick={() => void logoutEverywhere().then(() => toast('Signed out everywhere', 'Every device signed in to this account has been signed out.', 'info'))}
        >
          Sign out everywhere
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
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

      <Drawer opened={drawerOpened} onClose={drawer.close} title={<Logo />} size="xs" hiddenFrom="lg">
        <Stack component="nav" aria-label="Mobile" gap={4}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end className={classes.drawerLink} onClick={drawer.close}>
              <link.icon size={18} aria-hidden />
              {link.label}
            </NavLink>
          ))}
          <Divider my="sm" />
          {secondaryLinks.map((link) => (
            <NavLink key={link.label} to={link.to} end className={classes.drawerLink} onClick={drawer.close}>
              <link.icon size={18} aria-hidden />
              {link.label}
            </NavLink>
          ))}
        </Stack>
      </Drawer>
      <SignInDialog opened={signInOpened} onClose={signIn.close} />
    </Box>
  );
}
