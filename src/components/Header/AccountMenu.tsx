import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBookmarks, IconChevronDown, IconCode, IconDevicesOff, IconHeart, IconHistory, IconLogout, IconMoodKid, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { User } from '../../../shared/schemas';
import { FormattedMessage, useIntl } from '../../i18n';
import { toast } from '../../notify';

/** The signed-in visitor's menu; loaded only for them (Header), with the floating layer it needs. */
export function AccountMenu({ user, logout, logoutEverywhere }: { user: User; logout: () => Promise<void>; logoutEverywhere: () => Promise<void> }) {
  const intl = useIntl();
  const label = user.name || user.email;
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {/* May narrow (the name is cut shorter) where the header's links are long: Header.module.css. */}
        <UnstyledButton miw={0} aria-label={intl.formatMessage({ id: 'accountMenu.label', defaultMessage: 'Account menu for {name}' }, { name: label })}>
          <Group gap={8} wrap="nowrap">
            <Avatar name={label} color="initials" size={34} radius="xl" style={{ flexShrink: 0 }} />
            <Text size="sm" fw={600} visibleFrom="lg" maw={140} truncate>
              {label}
            </Text>
            <IconChevronDown size={14} aria-hidden style={{ flexShrink: 0 }} />
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
        <Menu.Item component={Link} to="/account" leftSection={<IconUserCircle size={16} />}>
          <FormattedMessage id="accountMenu.myAccount" defaultMessage="My Account" />
        </Menu.Item>
        <Menu.Item component={Link} to="/favorites" leftSection={<IconHeart size={16} />}>
          <FormattedMessage id="accountMenu.myFavorites" defaultMessage="My Favorites" />
        </Menu.Item>
        <Menu.Item component={Link} to="/collections" leftSection={<IconBookmarks size={16} />}>
          <FormattedMessage id="accountMenu.myCollections" defaultMessage="My Collections" />
        </Menu.Item>
        <Menu.Item component={Link} to="/recent" leftSection={<IconHistory size={16} />}>
          <FormattedMessage id="accountMenu.recentlyPlayed" defaultMessage="Recently Played" />
        </Menu.Item>
        <Menu.Item component={Link} to="/family" leftSection={<IconMoodKid size={16} />}>
          <FormattedMessage id="family.title" defaultMessage="Kids Zone for parents" />
        </Menu.Item>
        <Menu.Item component={Link} to="/developer" leftSection={<IconCode size={16} />}>
          <FormattedMessage id="accountMenu.developerPortal" defaultMessage="Developer Portal" />
        </Menu.Item>
        {user.role === 'ADMIN' && (
          <Menu.Item component={Link} to="/admin" leftSection={<IconShieldLock size={16} />}>
            <FormattedMessage id="accountMenu.adminDashboard" defaultMessage="Admin Dashboard" />
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          <FormattedMessage id="accountMenu.signOut" defaultMessage="Sign Out" />
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconDevicesOff size={16} />}
          onClick={() => void logoutEverywhere().then(() => toast(
                intl.formatMessage({ id: 'accountMenu.signedOutEverywhere', defaultMessage: 'Signed out everywhere' }),
                intl.formatMessage({ id: 'accountMenu.signedOutEverywhereText', defaultMessage: 'Every device signed in to this account has been signed out.' }),
                'info',
              ))}
        >
          <FormattedMessage id="accountMenu.signOutEverywhere" defaultMessage="Sign out everywhere" />
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
