import { ThumbnailShapeNote } from './ThumbnailShape';
import type { ReactNode } from 'react';
import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { LIMITS } from '../../../shared/constants';
import { useIntl } from '../../i18n';

/** The form's input props of each field GameFields asks for (`form.getInputProps(...)`). */
export interface GameFieldInputs {
  title: GetInputPropsReturnType;
  description: GetInputPropsReturnType;
  /** Left out: the form asks no address (a game whose files are uploaded, issue #24). */
  gameUrl?: GetInputPropsReturnType;
  thumbnailUrl: GetInputPropsReturnType;
  instructions: GetInputPropsReturnType;
}

/**
 * The fields both submit forms (the legacy /submit form and the developer portal's) ask of a game,
 * in their one order: title, description, game URL, thumbnail, then the form's own fields
 * (`children`), then how to play. Each form keeps its own schema and values; the slots hold what
 * only one form asks (the legacy form's category beside the title, the tags or banner beside the
 * thumbnail).
 */
export function GameFields({
  inputs,
  titleBeside,
  gameUrlDescription,
  thumbnailRequired = false,
  thumbnailDescription,
  thumbnailBeside,
  instructionsPlaceholder,
  instructionsDescription,
  children,
}: {
  inputs: GameFieldInputs;
  titleBeside?: ReactNode;
  gameUrlDescription?: string;
  thumbnailRequired?: boolean;
  thumbnailDescription?: string;
  thumbnailBeside: ReactNode;
  instructionsPlaceholder?: string;
  instructionsDescription?: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  const title = <TextInput label={intl.formatMessage({ id: 'developer.fields.title', defaultMessage: 'Game title' })} required maxLength={LIMITS.titleMax} {...inputs.title} />;
  return (
    <>
      {titleBeside ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {title}
          {titleBeside}
        </SimpleGrid>
      ) : (
        title
      )}
      <Textarea
        label={intl.formatMessage({ id: 'developer.fields.description', defaultMessage: 'Description' })}
        required
        autosize
        minRows={3}
        maxRows={8}
        maxLength={LIMITS.descriptionMax}
        {...inputs.description}
      />
      {inputs.gameUrl && (
        <TextInput
          label={intl.formatMessage({ id: 'developer.fields.gameUrl', defaultMessage: 'Game URL' })}
          description={gameUrlDescription}
          required
          type="url"
          placeholder="https://your-studio.example/game/"
          {...inputs.gameUrl}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={intl.formatMessage({ id: 'developer.fields.thumbnail', defaultMessage: 'Thumbnail URL' })}
          description={thumbnailDescription ?? intl.formatMessage({ id: 'developer.fields.thumbnailText', defaultMessage: '16:9, for example 640 × 360; JPG, PNG or WebP.' })}
          required={thumbnailRequired}
          type="url"
          placeholder="https://.../thumb.png"
          {...inputs.thumbnailUrl}
        />
        {thumbnailBeside}
      </SimpleGrid>
      <ThumbnailShapeNote src={typeof inputs.thumbnailUrl.value === 'string' ? inputs.thumbnailUrl.value : null} />
      {children}
      <Textarea
        label={intl.formatMessage({ id: 'developer.fields.instructions', defaultMessage: 'How to play' })}
        description={instructionsDescription}
        placeholder={instructionsPlaceholder}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={LIMITS.instructionsMax}
        {...inputs.instructions}
      />
    </>
  );
}
