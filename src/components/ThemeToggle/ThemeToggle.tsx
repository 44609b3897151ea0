import { ActionIcon, UnstyledButton, useComputedColorScheme, useMantineColorScheme, type MantineBreakpoint } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useIntl } from '../../i18n';
import { DeferredTooltip } from '../Deferred/DeferredTooltip';
import classes from './ThemeToggle.module.css';

/** The switch to the other colour scheme: its label and what a tap does. */
function useThemeSwitch(): { label: string; toggle: () => void } {
  const { setColorScheme } = useMantineColorScheme();
  // The server renders the default (dark) scheme; this browser's choice is read once mounted, so
  // hydration matches. The icons follow the page's scheme by CSS, right from the first paint.
  const mounted = useMounted();
  const scheme = useComputedColorScheme('dark');
  const shown = mounted ? scheme : 'dark';
  const next = shown === 'dark' ? 'light' : 'dark';
  const intl = useIntl();
  const label =
    next === 'light'
      ? intl.formatMessage({ id: 'themeToggle.toLight', defaultMessage: 'Switch to light theme' })
      : intl.formatMessage({ id: 'themeToggle.toDark', defaultMessage: 'Switch to dark theme' });
  return { label, toggle: () => setColorScheme(next) };
}

const schemeIcons = (
  <>
    <IconSun size={18} className={classes.sun} aria-hidden />
    <IconMoon size={18} className={classes.moon} aria-hidden />
  </>
);

/** The header's theme button (from `visibleFrom` up: a phone's header has no room for it). */
export function ThemeToggle({ visibleFrom }: { visibleFrom?: MantineBreakpoint }) {
  const { label, toggle } = useThemeSwitch();
  return (
    <DeferredTooltip label={label}>
      <ActionIcon variant="default" size={36} radius="md" onClick={toggle} aria-label={label} data-testid="theme-toggle" visibleFrom={visibleFrom}>
        {schemeIcons}
      </ActionIcon>
    </DeferredTooltip>
  );
}

/** The same switch as a row of the phone's navigation drawer, labelled in words. */
export function ThemeToggleRow({ className }: { className?: string }) {
  const { label, toggle } = useThemeSwitch();
  return (
    <UnstyledButton className={className} onClick={toggle} data-testid="theme-toggle-row">
      {schemeIcons}
      {label}
    </UnstyledButton>
  );
}
