import { useState } from 'react';
import { Badge, Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formRules } from '../forms/lazyRules';
import { LIMITS } from '../../../shared/constants';
import { LANGUAGE_CODES, LANGUAGE_NAMES, type LanguageCode } from '../../../shared/languages';
import type { DevGame } from '../../../shared/schemas';
import { translationPutInput, type TranslationOutput } from '../../../shared/schemas/translations';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { FormattedMessage, useIntl } from '../../i18n';

type Values = { title: string; description: string; instructions: string };

const languageOptions = LANGUAGE_CODES.map((code) => ({ value: code, label: `${LANGUAGE_NAMES[code]} (${code})` }));

/** One language's listing: written (or replaced) and removed (PUT and DELETE /api/dev/games/{id}/translations/{locale}). */
function TranslationForm({ game, locale, current }: { game: DevGame; locale: LanguageCode; current: TranslationOutput | undefined }) {
  const intl = useIntl();
  const language = LANGUAGE_NAMES[locale];
  const utils = trpc.useUtils();
  const validate = formRules(translationPutInput);
  const form = useForm<Values>({
    initialValues: { title: current?.title ?? '', description: current?.description ?? '', instructions: current?.instructions ?? '' },
    validate: (values) => validate({ id: game.id, locale, ...values }),
  });
  const refresh = () => void utils.translations.mine.invalidate({ id: game.id });
  const put = trpc.translations.put.useMutation({
    onSuccess: () => {
      refresh();
      toast(
        intl.formatMessage({ id: 'developer.translations.saved', defaultMessage: 'Translation saved' }),
        game.status === 'APPROVED'
          ? intl.formatMessage({ id: 'developer.translations.savedLive', defaultMessage: 'Players reading {language} now see it.' }, { language })
          : intl.formatMessage({ id: 'developer.translations.savedPending', defaultMessage: 'Players will see it once the game is approved.' }),
      );
    },
    onError: (error) =>
      toast(
        intl.formatMessage({ id: 'developer.translations.notSaved', defaultMessage: 'Not saved' }),
        errorMessage(error) ?? intl.formatMessage({ id: 'developer.translations.notSavedText', defaultMessage: 'The translation could not be saved' }),
        'error',
      ),
  });
  const remove = trpc.translations.remove.useMutation({
    onSuccess: () => {
      refresh();
      form.setValues({ title: '', description: '', instructions: '' });
      toast(
        intl.formatMessage({ id: 'developer.translations.removed', defaultMessage: 'Translation removed' }),
        intl.formatMessage({ id: 'developer.translations.removedText', defaultMessage: 'Players reading {language} see the original again.' }, { language }),
      );
    },
    onError: (error) =>
      toast(
        intl.formatMessage({ id: 'developer.translations.notRemoved', defaultMessage: 'Not removed' }),
        errorMessage(error) ?? intl.formatMessage({ id: 'developer.translations.notRemovedText', defaultMessage: 'The translation could not be removed' }),
        'error',
      ),
  });
  const onSubmit = form.onSubmit((values) => {
    const parsed = translationPutInput.safeParse({ id: game.id, locale, ...values });
    if (parsed.success) put.mutate(parsed.data);
  });
  return (
    <form onSubmit={onSubmit} noValidate lang={locale}>
      <Stack>
        <TextInput label={intl.formatMessage({ id: 'developer.translations.title', defaultMessage: 'Title' })} required maxLength={LIMITS.titleMax} {...form.getInputProps('title')} />
        <Textarea label={intl.formatMessage({ id: 'developer.fields.description', defaultMessage: 'Description' })} required autosize minRows={3} maxRows={8} maxLength={LIMITS.descriptionMax} {...form.getInputProps('description')} />
        <Textarea
          label={intl.formatMessage({ id: 'developer.fields.instructions', defaultMessage: 'How to play' })}
          description={intl.formatMessage({ id: 'developer.translations.instructionsText', defaultMessage: 'Optional: left empty, the original instructions are shown.' })}
          autosize minRows={2} maxRows={6} maxLength={LIMITS.instructionsMax} {...form.getInputProps('instructions')} />
        <Group justify="flex-end">
          {current && (
            <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: game.id, locale })}>
              <FormattedMessage id="developer.translations.remove" defaultMessage="Remove" />
            </Button>
          )}
          <Button type="submit" loading={put.isPending}>
            <FormattedMessage id="developer.translations.save" defaultMessage="Save {language}" values={{ language }} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A game's listing in other languages: players reading the portal in one see it in place of the original. */
function Translations({ game }: { game: DevGame }) {
  const intl = useIntl();
  const translations = trpc.translations.mine.useQuery({ id: game.id });
  const [locale, setLocale] = useState<LanguageCode>('es');
  const byLocale = new Map((translations.data ?? []).map((translation) => [translation.locale, translation]));
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        <FormattedMessage
          id="developer.translations.intro"
          defaultMessage="Players who read the portal in a language see your title, description and instructions in it; where there is none, they see the original. The address of the game stays the same."
        />
      </Text>
      {byLocale.size > 0 && (
        <Group gap={6} aria-label={intl.formatMessage({ id: 'developer.translations.translatedInto', defaultMessage: 'Translated into' })}>
          {[...byLocale.keys()].map((code) => (
            <Badge key={code} variant={code === locale ? 'filled' : 'light'} style={{ cursor: 'pointer' }} onClick={() => setLocale(code)}>
              {LANGUAGE_NAMES[code]}
            </Badge>
          ))}
        </Group>
      )}
      <Select label={intl.formatMessage({ id: 'developer.translations.language', defaultMessage: 'Language' })} data={languageOptions} value={locale} allowDeselect={false} searchable onChange={(value) => value && setLocale(value as LanguageCode)} />
      {translations.isSuccess && <TranslationForm key={`${locale}:${byLocale.get(locale)?.updatedAt ?? 'new'}`} game={game} locale={locale} current={byLocale.get(locale)} />}
    </Stack>
  );
}

export function TranslationsDialog({ game, onClose }: { game: DevGame | null; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal
      opened={game !== null}
      onClose={onClose}
      title={game ? intl.formatMessage({ id: 'developer.translations.dialogTitle', defaultMessage: '{title} in other languages' }, { title: game.title }) : ''}
      size="lg"
      centered
      radius="lg"
    >
      {game && <Translations game={game} />}
    </Modal>
  );
}
