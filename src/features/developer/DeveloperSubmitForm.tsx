import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { DEFAULT_AGE_RATING, LIMITS, type AgeRating, type PlayType } from '../../../shared/constants';
import { developerSubmissionInput } from '../../schemas';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
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
};

export function DeveloperSubmitForm({ onSubmitted }: { onSubmitted?: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<Values>({ initialValues, validate: schemaResolver(developerSubmissionInput, { sync: true }) });
  const submit = trpc.developer.submit.useMutation({
    onSuccess: () => {
      void utils.developer.myGames.invalidate();
      toast('Game submitted successfully!', 'Your game is pending review. We will publish it once it is approved.');
      form.reset();
      onSubmitted?.();
    },
    onError: (error) => toast('Submission failed', errorMessage(error) ?? 'Failed to submit game', 'error'),
  });

  const onSubmit = form.onSubmit((values) => {
    const parsed = developerSubmissionInput.safeParse(values);
    if (parsed.success) submit.mutate(parsed.data);
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput label="Game title" required maxLength={LIMITS.titleMax} {...form.getInputProps('title')} />
          <Textarea
            label="Description"
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={LIMITS.descriptionMax}
            {...form.getInputProps('description')}
          />
          <TextInput
            label="Game URL"
            description="Where your game is hosted (HTTPS)."
            required
            type="url"
            placeholder="https://your-studio.example/game/"
            {...form.getInputProps('srcUrl')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Thumbnail URL"
              description="Tip: 400x300, JPG/PNG."
              required
              type="url"
              placeholder="https://.../thumb.png"
              {...form.getInputProps('thumbUrl')}
            />
            <TextInput
              label="Banner URL"
              description="Optional wide image."
              type="url"
              placeholder="https://.../banner.png"
              {...form.getInputProps('bannerUrl')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Play type" allowDeselect={false} data={playTypeOptions} {...form.getInputProps('playType')} />
            <Select label="Age rating" allowDeselect={false} data={ageRatingOptions} {...form.getInputProps('ageRating')} />
          </SimpleGrid>
          <Group>
            <Checkbox label="Single player" {...form.getInputProps('singlePlayer', { type: 'checkbox' })} />
            <Checkbox label="Multiplayer" {...form.getInputProps('multiplayer', { type: 'checkbox' })} />
          </Group>
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
