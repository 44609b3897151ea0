import { Divider, Drawer, Stack } from '@mantine/core';
import { IconFlag, IconHelp, IconUpload, type Icon } from '@tabler/icons-react';
import { NavLink } from 'react-router-dom';
import { Logo } from '../Logo/Logo';
import classes from './Header.module.css';

export type NavItem = { to: string; label: string; icon: Icon };

const secondaryLinks: NavItem[] = [
  { to: '/developer', label: 'Submit Your Game', icon: IconUpload },
  { to: '/help', label: 'Help Center', icon: IconHelp },
  { to: '/report', label: 'Report a Game', icon: IconFlag },
];

/** The phone's navigation drawer (Header loads it when the menu button is first tapped). */
export function NavDrawer({ opened, onClose, links }: { opened: boolean; onClose: () => void; links: NavItem[] }) {
  return (
    <Drawer opened={opened} onClose={onClose} title={<Logo />} size="xs" hiddenFrom="lg">
      <Stack component="nav" aria-label="Mobile" gap={4}>
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} end className={classes.drawerLink} onClick={onClose}>
            <link.icon size={18} aria-hidden />
            {link.label}
          </NavLink>
        ))}
        <Divider my="sm" />
        {secondaryLinks.map((link) => (
          <NavLink key={link.label} to={link.to} end className={classes.drawerLink} onClick={onClose}>
            <link.icon size={18} aria-hidden />
            {link.label}
          </NavLink>
        ))}
      </Stack>
    </Drawer>
  );
}
