import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Fieldset, Group, Paper, Radio, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowRight, IconCloudUpload, IconLink, IconSend } from '@tabler/icons-react';
import { DEFAULT_AGE_RATING, GAME_CONTROLS, GAME_SAVES, GAME_VIOLENCE, LIMITS, type AgeRating, type GameControl, type GameSaves, type GameViolence, type PlayType } from '../../../shared/constants';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { lazyRules } from '../forms/lazyRules';
import { CategoryAndTagFields } from './CategoryAndTagFields';
import { GameFields } from './GameFields';
import { useFactWords } from '../games/useFactWords';
import { FormattedMessage, useIntl } from '../../i18n';
import { ageRatingOptions, playTypeOptions } from './labels';
import type { BuildsGame } from './GameBuilds';
import classes from './DeveloperSubmitForm.module.css';

/** How players get the game: its files uploaded here (issue #24), or an address of the developer's own. */
type Hosting = 'upload' | 'link';

interface Values {
  hosting: Hosting;
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
  hosting: 'upload',
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

const rules = lazyRules(() => import('../../schemas').then((schemas) => schemas.developerSubmissionForm));

// The build step (uploader, checks) comes once a game is saved, not with the form.
const GameBuilds = lazy(async () => ({ default: (await import('./GameBuilds')).GameBuilds }));

/** What is sent: an uploaded game has no address, and an empty thumbnail is none. */
function toSubmission({ hosting, srcUrl, thumbUrl, ...values }: Values) {
  const hosted = hosting === 'upload';
  return { ...values, hosted, srcUrl: hosted ? undefined : srcUrl, thumbUrl: hosted && !thumbUrl.trim() ? undefined : thumbUrl };
}

/**
 * The developer portal's game form. A game whose files are uploaded continues, once saved, to its
 * build step on the same screen; a linked game goes to review at once.
 */
export function DeveloperSubmitForm({ onSubmitted }: { onSubmitted?: () => void }) {
  const [created, setCreated] = useState<BuildsGame | null>(null);
  if (created) return <BuildStep game={created} onAnother={() => setCreated(null)} onDone={() => onSubmitted?.()} />;
  return <DetailsStep onSubmitted={onSubmitted} onCreated={setCreated} />;
}

function DetailsStep({ onSubmitted, onCreated }: { onSubmitted?: () => void; onCreated: (game: BuildsGame) => void }) {
  const intl = useIntl();
  const factWords = useFactWords();
  const utils = trpc.useUtils();
  const form = useForm<Values>({ initialValues, validate: (values) => rules.validate(toSubmission(values)) });
  const hosted = form.getValues().hosting === 'upload';
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
    onSuccess: (answer, sent) => {
      void utils.developer.myGames.invalidate();
      void utils.developer.profile.invalidate();
      void utils.developer.tags.invalidate();
      form.reset();
      form.setFieldValue('studio', sent.studio ?? '');
      if (sent.hosted) {
        toast(intl.formatMessage({ id: 'developer.submit.savedTitle', defaultMessage: 'Game saved' }), intl.formatMessage({ id: 'developer.submit.savedText', defaultMessage: 'Now upload its files.' }));
        onCreated({ id: answer.id, title: sent.title, status: answer.status });
        return;
      }
      toast(
        intl.formatMessage({ id: 'developer.submit.submittedTitle', defaultMessage: 'Game submitted successfully!' }),
        intl.formatMessage({ id: 'developer.submit.submittedText', defaultMessage: 'Your game is pending review. We will publish it once it is approved.' }),
      );
      onSubmitted?.();
    },
    onError: (error) =>
      toast(
        intl.formatMessage({ id: 'developer.submit.failedTitle', defaultMessage: 'Submission failed' }),
        errorMessage(error) ?? intl.formatMessage({ id: 'developer.submit.failedText', defaultMessage: 'Failed to submit game' }),
        'error',
      ),
  });

  const chooseOne = intl.formatMessage({ id: 'developer.submit.chooseOne', defaultMessage: 'Choose one' });
  const onSubmit = form.onSubmit(async (values) => {
    const parsed = (await rules.schema()).safeParse(toSubmission(values));
    if (parsed.success) submit.mutate(parsed.data);
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} onFocus={rules.preload} noValidate>
        <Stack>
          <Radio.Group label={intl.formatMessage({ id: 'developer.submit.hosting', defaultMessage: 'How do players get your game?' })} {...form.getInputProps('hosting')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
              <HostingChoice
                value="upload"
                icon={<IconCloudUpload size={20} />}
                label={intl.formatMessage({ id: 'developer.submit.uploadLabel', defaultMessage: "Upload the game's files (a .zip)" })}
                description={intl.formatMessage({ id: 'developer.submit.uploadText', defaultMessage: 'We host it and test it in a phone-sized browser. You upload the zip right after this form.' })}
              />
              <HostingChoice
                value="link"
                icon={<IconLink size={20} />}
                label={intl.formatMessage({ id: 'developer.submit.linkLabel', defaultMessage: 'Link a game hosted elsewhere (HTTPS address)' })}
                description={intl.formatMessage({ id: 'developer.submit.linkText', defaultMessage: 'Players load it from your own server.' })}
              />
            </SimpleGrid>
          </Radio.Group>
          <GameFields
            inputs={{
              title: form.getInputProps('title'),
              description: form.getInputProps('description'),
              gameUrl: hosted ? undefined : form.getInputProps('srcUrl'),
              thumbnailUrl: form.getInputProps('thumbUrl'),
              instructions: form.getInputProps('instructions'),
            }}
            gameUrlDescription={intl.formatMessage({ id: 'developer.submit.gameUrlText', defaultMessage: 'Where your game is hosted (HTTPS).' })}
            thumbnailRequired={!hosted}
            thumbnailDescription={
              hosted
                ? intl.formatMessage({ id: 'developer.submit.thumbnailFromZip', defaultMessage: 'Optional: leave it empty to use the thumb.png in your zip (16:9).' })
                : intl.formatMessage({ id: 'developer.fields.thumbnailText', defaultMessage: '16:9, for example 640 × 360; JPG, PNG or WebP.' })
            }
            thumbnailBeside={
              <TextInput
                label={intl.formatMessage({ id: 'developer.submit.banner', defaultMessage: 'Banner URL' })}
                description={intl.formatMessage({ id: 'developer.submit.bannerText', defaultMessage: 'Optional wide image.' })}
                type="url"
                placeholder="https://.../banner.png"
                {...form.getInputProps('bannerUrl')}
              />
            }
            instructionsDescription={intl.formatMessage({ id: 'developer.submit.instructionsText', defaultMessage: 'Shown on the game page: the controls and the goal, in a few sentences.' })}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {/* An uploaded game is a folder of web files played in its own frame: there is nothing to choose. */}
              {!hosted && (
                <Select
                  label={intl.formatMessage({ id: 'developer.submit.playType', defaultMessage: 'What the game is built as' })}
                  allowDeselect={false}
                  data={playTypeOptions(intl)}
                  {...form.getInputProps('playType')}
                />
              )}
              <Select
                label={intl.formatMessage({ id: 'developer.fields.ageRating', defaultMessage: 'Age rating' })}
                allowDeselect={false}
                data={ageRatingOptions(intl)}
                {...form.getInputProps('ageRating')}
              />
            </SimpleGrid>
            <CategoryAndTagFields categories={form.getInputProps('categories')} tags={form.getInputProps('tags')} />
            <TextInput
              label={intl.formatMessage({ id: 'developer.submit.studio', defaultMessage: 'Studio name' })}
              description={intl.formatMessage({ id: 'developer.submit.studioText', defaultMessage: 'Shown on your game as its developer; remembered for your next submission. Leave empty for Independent Developer.' })}
              maxLength={LIMITS.nameMax}
              {...form.getInputProps('studio')}
            />
            <Group>
              <Checkbox label={intl.formatMessage({ id: 'developer.submit.singlePlayer', defaultMessage: 'Single player' })} {...form.getInputProps('singlePlayer', { type: 'checkbox' })} />
              <Checkbox label={intl.formatMessage({ id: 'developer.submit.multiplayer', defaultMessage: 'Multiplayer' })} {...form.getInputProps('multiplayer', { type: 'checkbox' })} />
            </Group>
          </GameFields>
          <Checkbox.Group
            label={intl.formatMessage({ id: 'developer.submit.controls', defaultMessage: 'Controls' })}
            description={intl.formatMessage({ id: 'developer.submit.controlsText', defaultMessage: 'Every way your game can be played.' })}
            required {...form.getInputProps('controls')}>
            <Group mt="xs">
              {GAME_CONTROLS.map((control) => (
                <Checkbox key={control} value={control} label={factWords.control(control)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Fieldset legend={intl.formatMessage({ id: 'developer.submit.contains', defaultMessage: 'What your game contains' })} radius="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <Checkbox label={intl.formatMessage({ id: 'developer.submit.ads', defaultMessage: 'Shows ads' })} {...form.getInputProps('contentFacts.ads', { type: 'checkbox' })} />
              <Checkbox label={intl.formatMessage({ id: 'developer.submit.chat', defaultMessage: 'Chat with other players' })} {...form.getInputProps('contentFacts.chat', { type: 'checkbox' })} />
              <Checkbox label={intl.formatMessage({ id: 'developer.submit.links', defaultMessage: 'Links to other websites' })} {...form.getInputProps('contentFacts.externalLinks', { type: 'checkbox' })} />
              <Checkbox label={intl.formatMessage({ id: 'developer.submit.purchases', defaultMessage: 'In-app purchases' })} {...form.getInputProps('contentFacts.inAppPurchases', { type: 'checkbox' })} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
              <Select
                label={intl.formatMessage({ id: 'developer.submit.saves', defaultMessage: 'Saves progress' })}
                placeholder={chooseOne}
                required
                allowDeselect={false}
                data={GAME_SAVES.map((value) => ({ value, label: factWords.saves(value) }))}
                {...form.getInputProps('contentFacts.saves')}
              />
              <Select
                label={intl.formatMessage({ id: 'developer.submit.violence', defaultMessage: 'Violence' })}
                placeholder={chooseOne}
                required
                allowDeselect={false}
                data={GAME_VIOLENCE.map((value) => ({ value, label: factWords.violence(value) }))}
                {...form.getInputProps('contentFacts.violence')}
              />
            </SimpleGrid>
          </Fieldset>
          <Text size="xs" c="dimmed">
            {hosted ? (
              <FormattedMessage
                id="developer.submit.nextUpload"
                defaultMessage="Next you upload the zip. Once its checks pass, you submit it, and the game is reviewed within 1-3 business days."
              />
            ) : (
              <FormattedMessage id="developer.submit.nextReview" defaultMessage="Submitted games are reviewed within 1-3 business days. You will see the status under My Games." />
            )}
          </Text>
          {hosted ? (
            <Button type="submit" loading={submit.isPending} rightSection={<IconArrowRight size={16} />} style={{ alignSelf: 'flex-start' }}>
              <FormattedMessage id="developer.submit.nextButton" defaultMessage="Next: upload files" />
            </Button>
          ) : (
            <Button type="submit" loading={submit.isPending} leftSection={<IconSend size={16} />} style={{ alignSelf: 'flex-start' }}>
              <FormattedMessage id="developer.tabs.submit" defaultMessage="Submit Game" />
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

function HostingChoice({ value, icon, label, description }: { value: Hosting; icon: React.ReactNode; label: string; description: string }) {
  return (
    <Radio.Card value={value} radius="md" p="sm" className={classes.choice}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <div>
          <Group gap={6} wrap="nowrap" align="center">
            <Text c="dimmed" component="span" style={{ display: 'inline-flex' }} aria-hidden>
              {icon}
            </Text>
            <Text fw={600} size="sm">
              {label}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {description}
          </Text>
        </div>
      </Group>
    </Radio.Card>
  );
}

/** Step 2 of an uploaded game: its first build, on the same screen as the form it follows. */
function BuildStep({ game, onAnother, onDone }: { game: BuildsGame; onAnother: () => void; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md">
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          <FormattedMessage id="developer.submit.step" defaultMessage="Step {step} of {steps}" values={{ step: 2, steps: 2 }} />
        </Text>
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          <FormattedMessage id="developer.submit.uploadTitle" defaultMessage="Upload the files of {title}" values={{ title: game.title }} />
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          <FormattedMessage
            id="developer.submit.uploadText2"
            defaultMessage="Your game is saved. Upload its zip, wait for the checks, then submit the build: the reviewer sees your game and this build together."
          />
        </Text>
      </div>
      <Suspense fallback={<Skeleton height={160} radius="lg" />}>
        <GameBuilds game={game} />
      </Suspense>
      <Group gap="sm">
        <Button variant="default" onClick={onDone}>
          <FormattedMessage id="developer.submit.toMyGames" defaultMessage="Go to My Games" />
        </Button>
        <Button variant="subtle" onClick={onAnother}>
          <FormattedMessage id="developer.submit.another" defaultMessage="Submit another game" />
        </Button>
      </Group>
    </Stack>
  );
}
