import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { LIMITS, REJECTION_RULES, type RejectionRule } from '../../../shared/constants';
import type { PendingGame } from '../../../shared/schemas';

export type RejectionInput = { rule: RejectionRule; message?: string };

/**
 * Reject with reasons: the guidelines' common rejection reasons as checkboxes, plus the admin's
 * own words (sent as the rule `other`). Both are optional; the developer sees them in My Games.
 */
export function RejectDialog({
  game,
  loading,
  onClose,
  onReject,
}: {
  game: PendingGame | null;
  loading: boolean;
  onClose: () => void;
  onReject: (reasons: RejectionInput[]) => void;
}) {
  const [rules, setRules] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const close = () => {
    setRules([]);
    setMessage('');
    onClose();
  };
  const confirm = () => {
    const reasons: RejectionInput[] = REJECTION_RULES.filter((entry) => rules.includes(entry.rule)).map((entry) => ({ rule: entry.rule }));
    if (message.trim()) reasons.push({ rule: 'other', message: message.trim() });
    onReject(reasons);
  };
  return (
    <Modal opened={game !== null} onClose={close} title={game ? `Reject ${game.title}` : ''} size="lg" centered radius="lg">
      <Stack>
        <Checkbox.Group label="Reasons" description="From the game guidelines; the developer sees them with the decision." value={rules} onChange={setRules}>
          <Stack gap={8} mt="xs">
            {REJECTION_RULES.map((entry) => (
              <Checkbox key={entry.rule} value={entry.rule} label={entry.text} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Textarea
          label="Message to the developer"
          description="Optional: anything else they should fix."
          autosize
          minRows={2}
          maxRows={6}
          maxLength={LIMITS.commentMax}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          The developer is told by e-mail (and by webhook, if they registered one).
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" leftSection={<IconX size={16} />} loading={loading} onClick={confirm}>
            Reject game
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
