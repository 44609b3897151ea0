import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useIntl } from '../../i18n';
import { DeferredTooltip } from '../Deferred/DeferredTooltip';
import classes from './ThemeToggle.module.css';

export function ThemeToggle() {
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
  return (
    <DeferredTooltip label={label}>
      <ActionIcon
        variant="default"
        size={36}
        radius="md"
        onClick={() => setColorScheme(next)}
        aria-label={label}
        data-testid="theme-toggle"
      >
        <IconSun size={18} className={classes.sun} />
        <IconMoon size={18} className={classes.moon} />
      </ActionIcon>
    </DeferredTooltip>
  );
}
