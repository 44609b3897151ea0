import { Alert, Container, Skeleton, Stack } from '@mantine/core';
import { IconLogin, IconMoodKid } from '@tabler/icons-react';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { SignInButton } from '../components/SignInButton/SignInButton';
import { useAuth } from '../features/auth/AuthProvider';
import { AddChild } from '../features/kids/family/AddChild';
import { familyMessages } from '../features/kids/family/family-shared';
import { FamilySettings } from '../features/kids/family/FamilySettings';
import { ProfileCard } from '../features/kids/family/ProfileCard';
import { usePageTitle } from '../features/usePageTitle';
import { FormattedMessage, useIntl } from '../i18n';
import { trpc } from '../trpc';

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

  return (
    <Container size="sm">
      <PageHeader
        title={intl.formatMessage(familyMessages.title)}
        description={intl.formatMessage({ id: 'family.description', defaultMessage: "Your children's profiles, their devices and their limits." })}
        icon={<IconMoodKid size={28} />} />
      {loading || (user && family.isPending) ? (
        <Stack gap="lg" aria-busy>
          <Skeleton height={140} radius="lg" />
          <Skeleton height={220} radius="lg" />
        </Stack>
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
        <Stack gap="md" mb="xl">
          <FamilySettings hasPin={family.data.hasPin} timeZone={family.data.timeZone} />
          {family.data.profiles.map((profile) => (
            <ProfileCard key={profile.id} profile={profile} />
          ))}
          <AddChild />
        </Stack>
      ) : (
        <Alert color="red">
          <FormattedMessage id="family.loadFailed" defaultMessage="The Kids Zone settings could not be loaded. Please try again." />
        </Alert>
      )}
    </Container>
  );
}
