import { Anchor, Button, Checkbox, Container, Grid, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconBook, IconCode, IconLock, IconSend, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { DEFAULT_AGE_RATING, LEGACY_CATEGORIES, type AgeRating } from '../../shared/constants';
import { legacySubmissionInput } from '../schemas';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { SignInButton } from '../components/SignInButton/SignInButton';
import { useAuth } from '../features/auth/AuthProvider';
import { GameFields } from '../features/developer/GameFields';
import { ageRatingOptions } from '../features/developer/labels';
import { ReviewStats } from '../features/developer/ReviewStats';
import { usePageTitle } from '../features/usePageTitle';
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

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

function SubmissionForm() {
  const utils = trpc.useUtils();
  const form = useForm<Values>({ initialValues, validate: schemaResolver(legacySubmissionInput, { sync: true }) });
  const submit = trpc.developer.submitLegacy.useMutation({
    onSuccess: () => {
      void utils.developer.myGames.invalidate();
      toast('Game Submitted!', "Your game has been submitted for review. We'll notify you once it's approved.");
      form.reset();
    },
    onError: (error) => {
      console.error('Submission failed', error);
      toast('Submission Failed', 'Failed to submit your game. Please try again.', 'error');
    },
  });

  const onSubmit = form.onSubmit((values) => {
    const parsed = legacySubmissionInput.safeParse(values);
    if (parsed.success) submit.mutate(parsed.data);
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate>
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
              <Select
                label="Category"
                required
                placeholder="Choose a category"
                data={LEGACY_CATEGORIES.map((value) => ({ value, label: capitalize(value) }))}
                {...form.getInputProps('category')}
              />
            }
            thumbnailBeside={
              <TextInput
                label="Tags"
                description="Separate tags with commas."
                placeholder="platformer, retro, pixel"
                {...form.getInputProps('tags')}
              />
            }
            instructionsPlaceholder="Controls and goal of the game (optional)"
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select label="Age rating" allowDeselect={false} data={ageRatingOptions} {...form.getInputProps('ageRating')} />
              <Checkbox mt={{ sm: 32 }} label="Multiplayer game" {...form.getInputProps('multiplayer', { type: 'checkbox' })} />
            </SimpleGrid>
          </GameFields>
          <Button type="submit" loading={submit.isPending} leftSection={<IconSend size={16} />} style={{ alignSelf: 'flex-start' }}>
            Submit for Review
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function Resources() {
  const links = [
    { to: '/developer-portal', label: 'Developer Portal', text: 'Track your submissions and analytics.', icon: IconCode },
    { to: '/game-guidelines', label: 'Game Guidelines', text: 'Technical and content requirements.', icon: IconBook },
    { to: '/api-docs', label: 'API Documentation', text: 'Integrate your game with our API.', icon: IconCode },
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
        <Text fw={700}>Before you submit</Text>
        <Text size="sm" c="dimmed">
          HTTPS only, 50MB maximum, loads in under 10 seconds. Review takes 1-3 business days.
        </Text>
      </Paper>
      <ReviewStats />
    </Stack>
  );
}

export function SubmitPage() {
  usePageTitle('Submit Your Game');
  const { user, loading } = useAuth();
  return (
    <Container size="xl">
      <PageHeader
        title="Submit Your Game"
        description="Share your HTML5 game with players around the world."
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
                  Sign in required
                </Title>
                <Text c="dimmed" maw={420}>
                  Please sign in to submit a game. It only takes your e-mail address.
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
