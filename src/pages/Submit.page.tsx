import { Anchor, Button, Checkbox, Container, Grid, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBook, IconCode, IconLock, IconSend, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { DEFAULT_AGE_RATING, LEGACY_CATEGORIES, type AgeRating } from '../../shared/constants';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { SignInButton } from '../components/SignInButton/SignInButton';
import { useAuth } from '../features/auth/AuthProvider';
import { GameFields } from '../features/developer/GameFields';
import { lazyRules } from '../features/forms/lazyRules';
import { ageRatingOptions } from '../features/developer/labels';
import { ReviewStats } from '../features/developer/ReviewStats';
import { usePageTitle } from '../features/usePageTitle';
import { FormattedMessage, useIntl } from '../i18n';
import { DeveloperMessages } from '../i18n/DeveloperMessages';
import { toast } from '../notify';
import { trpc } from '../trpc';

interface Values {
  title: string;
  description: string;
  category: string;
  tags: string;
  gameUrl: string;
  thumbnailUrl: string;
  ageRating: AgeRating;
  multiplayer: boolean;
  instructions: string;
}

const initialValues: Values = {
  title: '',
  description: '',
  category: '',
  tags: '',
  gameUrl: '',
  thumbnailUrl: '',
  ageRating: DEFAULT_AGE_RATING,
  multiplayer: false,
  instructions: '',
};

const rules = lazyRules(() => import('../schemas').then((schemas) => schemas.legacySubmissionInput));

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

function SubmissionForm() {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const form = useForm<Values>({ initialValues, validate: rules.validate });
  const submit = trpc.developer.submitLegacy.useMutation({
    onSuccess: () => {
      void utils.developer.myGames.invalidate();
      toast(
        intl.formatMessage({ id: 'developer.submitPage.submittedTitle', defaultMessage: 'Game Submitted!' }),
        intl.formatMessage({ id: 'developer.submitPage.submittedText', defaultMessage: "Your game has been submitted for review. We'll notify you once it's approved." }),
      );
      form.reset();
    },
    onError: (error) => {
      console.error('Submission failed', error);
      toast(
        intl.formatMessage({ id: 'developer.submitPage.failedTitle', defaultMessage: 'Submission Failed' }),
        intl.formatMessage({ id: 'developer.submitPage.failedText', defaultMessage: 'Failed to submit your game. Please try again.' }),
        'error',
      );
    },
  });

  const onSubmit = form.onSubmit(async (values) => {
    const parsed = (await rules.schema()).safeParse(values);
    if (parsed.success) submit.mutate(parsed.data);
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} onFocus={rules.preload} noValidate>
        <Stack>
          <GameFields
            inputs={{
              title: form.getInputProps('title'),
              description: form.getInputProps('description'),
              gameUrl: form.getInputProps('gameUrl'),
              thumbnailUrl: form.getInputProps('thumbnailUrl'),
              instructions: form.getInputProps('instructions'),
            }}
            titleBeside={
              <NativeSelect
                label={intl.formatMessage({ id: 'developer.submitPage.category', defaultMessage: 'Category' })}
                required
                data={[
                  { value: '', label: intl.formatMessage({ id: 'developer.submitPage.chooseCategory', defaultMessage: 'Choose a category' }), disabled: true },
                  ...LEGACY_CATEGORIES.map((value) => ({ value, label: capitalize(value) })),
                ]}
                {...form.getInputProps('category')}
              />
            }
            thumbnailBeside={
              <TextInput
                label={intl.formatMessage({ id: 'developer.fields.tags', defaultMessage: 'Tags' })}
                description={intl.formatMessage({ id: 'developer.submitPage.tagsHint', defaultMessage: 'Separate tags with commas.' })}
                placeholder={intl.formatMessage({ id: 'developer.submitPage.tagsExample', defaultMessage: 'platformer, retro, pixel' })}
                {...form.getInputProps('tags')}
              />
            }
            instructionsPlaceholder={intl.formatMessage({ id: 'developer.submitPage.instructionsPlaceholder', defaultMessage: 'Controls and goal of the game (optional)' })}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                label={intl.formatMessage({ id: 'developer.fields.ageRating', defaultMessage: 'Age rating' })}
                data={ageRatingOptions(intl)}
                {...form.getInputProps('ageRating')}
              />
              <Checkbox
                mt={{ sm: 32 }}
                label={intl.formatMessage({ id: 'developer.submitPage.multiplayer', defaultMessage: 'Multiplayer game' })}
                {...form.getInputProps('multiplayer', { type: 'checkbox' })}
              />
            </SimpleGrid>
          </GameFields>
          <Button type="submit" loading={submit.isPending} leftSection={<IconSend size={16} />} style={{ alignSelf: 'flex-start' }}>
            <FormattedMessage id="developer.submitPage.submit" defaultMessage="Submit for Review" />
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function Resources() {
  const intl = useIntl();
  const links = [
    {
      to: '/developer-portal',
      label: intl.formatMessage({ id: 'developer.portal.title', defaultMessage: 'Developer Portal' }),
      text: intl.formatMessage({ id: 'developer.submitPage.portalText', defaultMessage: 'Track your submissions and analytics.' }),
      icon: IconCode,
    },
    {
      to: '/game-guidelines',
      label: intl.formatMessage({ id: 'developer.submitPage.guidelines', defaultMessage: 'Game Guidelines' }),
      text: intl.formatMessage({ id: 'developer.submitPage.guidelinesText', defaultMessage: 'Technical and content requirements.' }),
      icon: IconBook,
    },
    {
      to: '/api-docs',
      label: intl.formatMessage({ id: 'developer.submitPage.apiDocs', defaultMessage: 'API Documentation' }),
      text: intl.formatMessage({ id: 'developer.submitPage.apiDocsText', defaultMessage: 'Integrate your game with our API.' }),
      icon: IconCode,
    },
  ];
  return (
    <Stack>
      {links.map((link) => (
        <Paper key={link.to} withBorder radius="lg" p="md">
          <Anchor component={Link} to={link.to} fw={700}>
            {link.label}
          </Anchor>
          <Text size="sm" c="dimmed">
            {link.text}
          </Text>
        </Paper>
      ))}
      <Paper withBorder radius="lg" p="md">
        <Text fw={700}>
          <FormattedMessage id="developer.submitPage.beforeTitle" defaultMessage="Before you submit" />
        </Text>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="developer.submitPage.beforeText" defaultMessage="HTTPS only, 50MB maximum, loads in under 10 seconds. Review takes 1-3 business days." />
        </Text>
      </Paper>
      <ReviewStats />
    </Stack>
  );
}

export function SubmitPage() {
  return (
    <DeveloperMessages>
      <Submit />
    </DeveloperMessages>
  );
}

function Submit() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'developer.submitPage.title', defaultMessage: 'Submit Your Game' });
  usePageTitle(title);
  const { user, loading } = useAuth();
  return (
    <Container size="xl">
      <PageHeader
        title={title}
        description={intl.formatMessage({ id: 'developer.submitPage.description', defaultMessage: 'Share your HTML5 game with players around the world.' })}
        icon={<IconUpload size={28} />}
      />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {loading ? (
            <Skeleton height={520} radius="lg" />
          ) : user ? (
            <SubmissionForm />
          ) : (
            <Paper withBorder radius="lg" p="xl">
              <Stack align="center" ta="center" gap="sm" py="lg">
                <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
                  <IconLock size={32} />
                </ThemeIcon>
                <Title order={2} size="h3">
                  <FormattedMessage id="developer.submitPage.signInTitle" defaultMessage="Sign in required" />
                </Title>
                <Text c="dimmed" maw={420}>
                  <FormattedMessage id="developer.submitPage.signInText" defaultMessage="Please sign in to submit a game. It only takes your e-mail address." />
                </Text>
                <SignInButton radius="xl" />
              </Stack>
            </Paper>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Resources />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
