import { useEffect, useState, type ReactNode } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { SERVICE_UNAVAILABLE_EVENT } from '../../trpc';
import { FormattedMessage } from '../../i18n';

/**
 * Around the routed page: while the server answers 503 (its database is down for a moment), a calm
 * "we'll be right back" replaces the page and its error messages; "Try again" reloads its data.
 */
export function ServiceUnavailable({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [down, setDown] = useState(false);

  useEffect(() => {
    const show = () => setDown(true);
    window.addEventListener(SERVICE_UNAVAILABLE_EVENT, show);
    return () => window.removeEventListener(SERVICE_UNAVAILABLE_EVENT, show);
  }, []);

  if (!down) return children;
  return (
    <Center mih="50vh" p="md">
      <Stack role="status" align="center" maw={440} ta="center">
        <IconTools size={48} aria-hidden />
        <Title order={1}>
          <FormattedMessage id="serviceUnavailable.title" defaultMessage="We'll be right back" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage
            id="serviceUnavailable.text"
            defaultMessage="The portal is taking a short break. Your games and progress are safe; please try again in a few seconds."
          />
        </Text>
        <Button
          onClick={() => {
            setDown(false);
            void queryClient.refetchQueries({ type: 'active' });
          }}
        >
          <FormattedMessage id="common.tryAgain" defaultMessage="Try again" />
        </Button>
      </Stack>
    </Center>
  );
}
