import { Button, Group, Modal, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formRules } from '../forms/lazyRules';
import { LIMITS } from '../../../shared/constants';
import type { DevGame } from '../../../shared/schemas';
import { developerGameUpdateInput } from '../../schemas';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { CategoryAndTagFields } from './CategoryAndTagFields';
import { FormattedMessage, useIntl } from '../../i18n';

interface Values {
  id: number;
  title: string;
  description: string;
  srcUrl: string;
  thumbUrl: string;
  bannerUrl: string;
  categories: string[];
  tags: string[];
}

function valuesOf(game: DevGame): Values {
  return {
    id: game.id,
    title: game.title,
    description: game.description,
    srcUrl: game.srcUrl ?? '',
    thumbUrl: game.thumbUrl ?? '',
    bannerUrl: game.bannerUrl ?? '',
    categories: game.categories.map((category) => category.slug),
    tags: game.tags,
  };
}

/** Edits a game still waiting for review (PUT /api/dev/games/{id}); it keeps its place in the queue. */
function EditForm({ game, onDone }: { game: DevGame; onDone: () => void }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  // A game whose files are uploaded here keeps its own address: the form neither shows nor sends it.
  const hosted = game.hosted;
  const toUpdate = ({ srcUrl, ...values }: Values) => (hosted ? values : { ...values, srcUrl });
  const validate = formRules(developerGameUpdateInput);
  const form = useForm<Values>({ initialValues: valuesOf(game), validate: (values) => validate(toUpdate(values)) });
  const update = trpc.developer.updateGame.useMutation({
    onSuccess: () => {
      void utils.developer.myGames.invalidate();
      toast(
        intl.formatMessage({ id: 'developer.edit.updated', defaultMessage: 'Game updated' }),
        intl.formatMessage({ id: 'developer.edit.updatedText', defaultMessage: 'Your changes are saved; the game keeps its place in the review queue.' }),
      );
      onDone();
    },
    onError: (error) =>
      toast(
        intl.formatMessage({ id: 'developer.edit.failed', defaultMessage: 'Update failed' }),
        errorMessage(error) ?? intl.formatMessage({ id: 'developer.edit.failedText', defaultMessage: 'Failed to update game' }),
        'error',
      ),
  });
  const onSubmit = form.onSubmit((values) => {
    const parsed = developerGameUpdateInput.safeParse(toUpdate(values));
    if (parsed.success) update.mutate(parsed.data);
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput label={intl.formatMessage({ id: 'developer.fields.title', defaultMessage: 'Game title' })} required maxLength={LIMITS.titleMax} {...form.getInputProps('title')} />
        <Textarea label={intl.formatMessage({ id: 'developer.fields.description', defaultMessage: 'Description' })} required autosize minRows={3} maxRows={8} maxLength={LIMITS.descriptionMax} {...form.getInputProps('description')} />
        {!hosted && <TextInput label={intl.formatMessage({ id: 'developer.fields.gameUrl', defaultMessage: 'Game URL' })} required type="url" {...form.getInputProps('srcUrl')} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={intl.formatMessage({ id: 'developer.fields.thumbnail', defaultMessage: 'Thumbnail URL' })} required type="url" {...form.getInputProps('thumbUrl')} />
          <TextInput label={intl.formatMessage({ id: 'developer.submit.banner', defaultMessage: 'Banner URL' })} type="url" {...form.getInputProps('bannerUrl')} />
        </SimpleGrid>
        <CategoryAndTagFields categories={form.getInputProps('categories')} tags={form.getInputProps('tags')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            <FormattedMessage id="developer.common.cancel" defaultMessage="Cancel" />
          </Button>
          <Button type="submit" loading={update.isPending}>
            <FormattedMessage id="developer.edit.save" defaultMessage="Save changes" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function EditGameDialog({ game, onClose }: { game: DevGame | null; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal
      opened={game !== null}
      onClose={onClose}
      title={game ? intl.formatMessage({ id: 'developer.myGames.editLabel', defaultMessage: 'Edit {title}' }, { title: game.title }) : ''}
      size="lg"
      centered
      radius="lg"
    >
      {game && <EditForm key={game.id} game={game} onDone={onClose} />}
    </Modal>
  );
}
