import { Divider, Drawer, Stack } from '@mantine/core';
import { IconFlag, IconHelp, IconUpload, type Icon } from '@tabler/icons-react';
import { NavLink } from 'react-router-dom';
import { defineMessages, useIntl } from '../../i18n';
import { Logo } from '../Logo/Logo';
import { ThemeToggleRow } from '../ThemeToggle/ThemeToggle';
import classes from './Header.module.css';

export type NavItem = { to: string; label: string; icon: Icon };

const secondary = defineMessages({
  submit: { id: 'nav.submitYourGame', defaultMessage: 'Submit Your Game' },
  help: { id: 'nav.helpCenter', defaultMessage: 'Help Center' },
  report: { id: 'nav.reportAGame', defaultMessage: 'Report a Game' },
});

const secondaryLinks = [
  { to: '/developer', label: secondary.submit, icon: IconUpload },
  { to: '/help', label: secondary.help, icon: IconHelp },
  { to: '/report', label: secondary.report, icon: IconFlag },
];

/** The phone's navigation drawer (Header loads it when the menu button is first tapped). */
export function NavDrawer({ opened, onClose, links }: { opened: boolean; onClose: () => void; links: NavItem[] }) {
  const intl = useIntl();
  return (
    <Drawer opened={opened} onClose={onClose} title={<Logo />} size="xs" hiddenFrom="lg">
      <Stack component="nav" aria-label={intl.formatMessage({ id: 'nav.mobileLabel', defaultMessage: 'Mobile' })} gap={4}>
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} end className={classes.drawerLink} onClick={onClose}>
            <link.icon size={18} aria-hidden />
            {link.label}
          </NavLink>
        ))}
        <Divider my="sm" />
        {secondaryLinks.map((link) => (
          <NavLink key={link.label.id} to={link.to} end className={classes.drawerLink} onClick={onClose}>
            <link.icon size={18} aria-hidden />
            {intl.formatMessage(link.label)}
          </NavLink>
        ))}
        <Divider my="sm" />
        <ThemeToggleRow className={classes.drawerLink} />
      </Stack>
    </Drawer>
  );
}
