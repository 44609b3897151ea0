import { Badge, Box, Group, Text } from '@mantine/core';
import type { PendingGame } from '../../../shared/schemas';
import { CONTROL_LABELS, factRows } from '../games/facts';

/**
 * What the developer declared about a pending game (issue #14): its controls, content facts and
 * instructions, for the reviewer to check against the game in Preview. Anything undeclared is flagged.
 */
export function DeclaredFacts({ game }: { game: Pick<PendingGame, 'title' | 'controls' | 'contentFacts' | 'instructions'> }) {
  return (
    <Box component="section" aria-label={`Declared by the developer of ${game.title}`} data-testid="declared-facts">
      <Group gap={4} wrap="wrap">
        <Text size="xs" c="dimmed">
          Controls:
        </Text>
        {game.controls.length > 0 ? (
          game.controls.map((control) => (
            <Badge key={control} size="sm" variant="outline" color="violet">
              {CONTROL_LABELS[control]}
            </Badge>
          ))
        ) : (
          <Badge size="sm" color="orange">
            Not declared
          </Badge>
        )}
      </Group>
      <Group gap={4} wrap="wrap" mt={4}>
        <Text size="xs" c="dimmed">
          Contains:
        </Text>
        {game.contentFacts ? (
          factRows(game.contentFacts).map((row) => (
            <Badge key={row.label} size="sm" variant={row.notable ? 'filled' : 'light'} color={row.notable ? 'orange' : 'gray'}>
              {row.alone}
            </Badge>
          ))
        ) : (
          <Badge size="sm" color="orange">
            Not declared
          </Badge>
        )}
      </Group>
      <Text size="xs" mt={4} lineClamp={3}>
        <Text span c="dimmed">
          Instructions:{' '}
        </Text>
        {game.instructions || 'None given'}
      </Text>
    </Box>
  );
}
