import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { directionOf, LOCALE_NAMES, LOCALES, useLocale } from '../../i18n';
import { SwitcherButton } from './SwitcherButton';

/** Opens as it loads: it replaces the button that was clicked. */
export function LanguageMenu({ label }: { label: string }) {
  const { locale, switchLocale } = useLocale();
  return (
    <Menu defaultOpened position="bottom-end" width={180} shadow="md" radius="md">
      <Menu.Target>
        <SwitcherButton aria-label={label} title={label} ref={(button) => button?.focus()} />
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((option) => (
          <Menu.Item
            key={option}
            lang={option}
            dir={directionOf(option)}
            aria-current={option === locale ? 'true' : undefined}
            rightSection={option === locale ? <IconCheck size={16} /> : null}
            onClick={() => void switchLocale(option)}
          >
            {LOCALE_NAMES[option]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
