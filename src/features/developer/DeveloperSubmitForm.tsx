import { useEffect, useRef } from 'react';
import { Button, Checkbox, Fieldset, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { DEFAULT_AGE_RATING, GAME_CONTROLS, LIMITS, type AgeRating, type GameControl, type GameSaves, type GameViolence, type PlayType } from '../../../shared/constants';
import { developerSubmissionForm } from '../../schemas';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { CategoryAndTagFields } from './CategoryAndTagFields';
import { GameFields } from './GameFields';
import { CONTROL_LABELS, SAVES_OPTIONS, VIOLENCE_OPTIONS } from '../games/facts';
import { ageRatingOptions, playTypeOptions } from './labels';

interface Values {
  title: string;
  description: string;
  srcUrl: string;
  thumbUrl: string;
  bannerUrl: string;
  playType: PlayType;
  singlePlayer: boolean;
  multiplayer: boolean;
  ageRating: AgeRating;
  /** Category slugs, tag names, and the studio (kept on the profile for the next submission). */
  categories: string[];
  tags: string[];
  studio: string;
  instructions: string;
  controls: GameControl[];
  /** saves and violence start unanswered: the developer must choose. */
  contentFacts: { ads: boolean; chat: boolean; externalLinks: boolean; inAppPurchases: boolean; saves: GameSaves | null; violence: GameViolence | null };
}

const initialValues: Values = {
  title: '',
  description: '',
  srcUrl: '',
  thumbUrl: '',
  bannerUrl: '',
  playType: 'IFRAME',
  singlePlayer: true,
  multiplayer: false,
  ageRating: DEFAULT_AGE_RATING,
  categories: [],
  tags: [],
  studio: '',
  instructions: '',
  controls: [],
  contentFacts: { ads: false, chat: false, externalLinks: false, inAppPurchases: false, saves: null, violence: null },
};

export function DeveloperSubmitForm({ onSubmitted }: { onSubmitted?: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<Values>({ initialValues, validate: schemaResolver(developerSubmissionForm, { sync: true }) });
  const profile = trpc.developer.profile.useQuery();
  const savedStudio = profile.data?.studioName ?? '';
  // The saved studio fills an empty field once when it arrives; the developer's own typing stays.
  const filledStudio = useRef('');
  useEffect(() => {
    if (!savedStudio || filledStudio.current === savedStudio) return;
    filledStudio.current = savedStudio;
    if (!form.getValues().studio) form.setFieldValue('studio', savedStudio);
  }, [savedStudio, form]);
  const submit = trpc.developer.submit.useMutation({
    onSuccess: (_answer, sent) => {
      void utils.developer.myGames.invalidate();
      void utils.developer.profile.invalidate();
      void utils.developer.tags.invalidate();
      toast('Game submitted successfully!', 'Your game is pending review. We will publish it once it is approved.');
      form.reset();
      form.setFieldValue('studio', sent.studio ?? '');
      onSubmitted?.();
    },
    onError: (error) => toast('Submission failed', errorMessage(error) ?? 'Failed to submit game', 'error'),
  });

  const onSubmit = form.onSubmit((values) => {
    const parsed = developerSubmissionForm.safeParse(values);
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
              gameUrl: form.getInputProps('srcUrl'),
              thumbnailUrl: form.getInputProps('thumbUrl'),
              instructions: form.getInputProps('instructions'),
            }}
            gameUrlDescription="Where your game is hosted (HTTPS)."
            thumbnailRequired
            thumbnailBeside={
              <TextInput
                label="Banner URL"
                description="Optional wide image."
                type="url"
                placeholder="https://.../banner.png"
                {...form.getInputProps('bannerUrl')}
              />
            }
            instructionsDescription="Shown on the game page: the controls and the goal, in a few sentences."
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select label="Play type" allowDeselect={false} data={playTypeOptions} {...form.getInputProps('playType')} />
              <Select label="Age rating" allowDeselect={false} data={ageRatingOptions} {...form.getInputProps('ageRating')} />
            </SimpleGrid>
            <CategoryAndTagFields categories={form.getInputProps('categories')} tags={form.getInputProps('tags')} />
            <TextInput
              label="Studio name"
              description="Shown on your game as its developer; remembered for your next submission. Leave empty for Independent Developer."
              maxLength={LIMITS.nameMax}
              {...form.getInputProps('studio')}
            />
            <Group>
              <Checkbox label="Single player" {...form.getInputProps('singlePlayer', { type: 'checkbox' })} />
              <Checkbox label="Multiplayer" {...form.getInputProps('multiplayer', { type: 'checkbox' })} />
            </Group>
          </GameFields>
          <Checkbox.Group label="Controls" description="Every way your game can be played." required {...form.getInputProps('controls')}>
            <Group mt="xs">
              {GAME_CONTROLS.map((control) => (
                <Checkbox key={control} value={control} label={CONTROL_LABELS[control]} />
              ))}
            </Group>
          </Checkbox.Group>
          <Fieldset legend="What your game contains" radius="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <Checkbox label="Shows ads" {...form.getInputProps('contentFacts.ads', { type: 'checkbox' })} />
              <Checkbox label="Chat with other players" {...form.getInputProps('contentFacts.chat', { type: 'checkbox' })} />
              <Checkbox label="Links to other websites" {...form.getInputProps('contentFacts.externalLinks', { type: 'checkbox' })} />
              <Checkbox label="In-app purchases" {...form.getInputProps('contentFacts.inAppPurchases', { type: 'checkbox' })} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
              <Select label="Saves progress" placeholder="Choose one" required allowDeselect={false} data={SAVES_OPTIONS} {...form.getInputProps('contentFacts.saves')} />
              <Select label="Violence" placeholder="Choose one" required allowDeselect={false} data={VIOLENCE_OPTIONS} {...form.getInputProps('contentFacts.violence')} />
            </SimpleGrid>
          </Fieldset>
          <Text size="xs" c="dimmed">
            Submitted games are reviewed within 1-3 business days. You will see the status under My Games.
          </Text>
          <Button type="submit" loading={submit.isPending} leftSection={<IconSend size={16} />} style={{ alignSelf: 'flex-start' }}>
            Submit Game
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
