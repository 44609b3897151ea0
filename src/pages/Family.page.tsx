import { lazy, Suspense, useEffect } from 'react';
import { Alert, Container, Skeleton, Stack } from '@mantine/core';
import { IconLogin, IconMoodKid } from '@tabler/icons-react';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { SignInButton } from '../components/SignInButton/SignInButton';
import { useAuth } from '../features/auth/AuthProvider';
import { familyMessages } from '../features/kids/family/family-shared';
import { usePageTitle } from '../features/usePageTitle';
import { FormattedMessage, useIntl } from '../i18n';
import { trpc } from '../trpc';

const loadParentPanel = () => import('../features/kids/family/ParentPanel');
const ParentPanel = lazy(async () => ({ default: (await loadParentPanel()).ParentPanel }));

/** The loading state: while the parent's settings are asked for, and while their code comes. */
function FamilySkeleton() {
  return (
    <Stack gap="lg" aria-busy>
      <Skeleton height={140} radius="lg" />
      <Skeleton height={220} radius="lg" />
    </Stack>
  );
}

/**
 * /family: the Kids Zone for parents (issue #26), made for a phone. A signed-in parent sets a PIN,
 * adds child profiles, pairs each child's device with the code it shows, and sets the limits every
 * paired device follows; today's and the week's play time, added time, export and delete.
 */
export function FamilyPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(familyMessages.title));
  const { user, loading } = useAuth();
  const family = trpc.family.get.useQuery(undefined, { enabled: Boolean(user), refetchInterval: 30_000 });
  // The parent's code comes while their settings are asked for, not after them.
  useEffect(() => {
    if (user) void loadParentPanel().catch(() => undefined);
  }, [user]);

  return (
    <Container size="sm">
      <PageHeader
        title={intl.formatMessage(familyMessages.title)}
        description={intl.formatMessage({ id: 'family.description', defaultMessage: "Your children's profiles, their devices and their limits." })}
        icon={<IconMoodKid size={28} />} />
      {loading || (user && family.isPending) ? (
        <FamilySkeleton />
      ) : !user ? (
        <EmptyState
          icon={<IconLogin size={30} />}
          action={
            <SignInButton radius="xl">
              <FormattedMessage id="header.signIn" defaultMessage="Sign In" />
            </SignInButton>
          }
        >
          <FormattedMessage
            id="family.signInPrompt"
            defaultMessage="Sign in to set up the Kids Zone for your children: their limits then follow every device you pair."
          />
        </EmptyState>
      ) : family.data ? (
        <Suspense fallback={<FamilySkeleton />}>
          <ParentPanel family={family.data} />
        </Suspense>
      ) : (
        <Alert color="red">
          <FormattedMessage id="family.loadFailed" defaultMessage="The Kids Zone settings could not be loaded. Please try again." />
        </Alert>
      )}
    </Container>
  );
}
