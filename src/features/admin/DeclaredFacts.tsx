import { Badge, Box, Group, Text } from '@mantine/core';
import type { PendingGame } from '../../../shared/schemas';
import { CONTROL_LABELS, factRows } from '../games/facts';
import { FormattedMessage, useIntl } from '../../i18n';

/**
 * What the developer declared about a pending game (issue #14): its controls, content facts and
 * instructions, for the reviewer to check against the game in Preview. Anything undeclared is flagged.
 */
export function DeclaredFacts({ game }: { game: Pick<PendingGame, 'title' | 'controls' | 'contentFacts' | 'instructions'> }) {
  const intl = useIntl();
  const notDeclared = <FormattedMessage id="admin.facts.notDeclared" defaultMessage="Not declared" />;
  return (
    <Box component="section" aria-label={intl.formatMessage({ id: 'admin.facts.label', defaultMessage: 'Declared by the developer of {title}' }, { title: game.title })} data-testid="declared-facts">
      <Group gap={4} wrap="wrap">
        <Text size="xs" c="dimmed">
          <FormattedMessage id="admin.facts.controls" defaultMessage="Controls:" />
        </Text>
        {game.controls.length > 0 ? (
          game.controls.map((control) => (
            <Badge key={control} size="sm" variant="outline" color="violet">
              {CONTROL_LABELS[control]}
            </Badge>
          ))
        ) : (
          <Badge size="sm" color="orange">
            {notDeclared}
          </Badge>
        )}
      </Group>
      <Group gap={4} wrap="wrap" mt={4}>
        <Text size="xs" c="dimmed">
          <FormattedMessage id="admin.facts.contains" defaultMessage="Contains:" />
        </Text>
        {game.contentFacts ? (
          factRows(game.contentFacts).map((row) => (
            <Badge key={row.label} size="sm" variant={row.notable ? 'filled' : 'light'} color={row.notable ? 'orange' : 'gray'}>
              {row.alone}
            </Badge>
          ))
        ) : (
          <Badge size="sm" color="orange">
            {notDeclared}
          </Badge>
        )}
      </Group>
      <Text size="xs" mt={4} lineClamp={3}>
        <Text span c="dimmed">
          <FormattedMessage id="admin.facts.instructions" defaultMessage="Instructions:" />{' '}
        </Text>
        {game.instructions || intl.formatMessage({ id: 'admin.facts.noInstructions', defaultMessage: 'None given' })}
      </Text>
    </Box>
  );
}
