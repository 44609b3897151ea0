import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { LIMITS, REJECTION_RULES, type RejectionRule } from '../../../shared/constants';
import type { PendingGame } from '../../../shared/schemas';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';

/** The guidelines' reasons (REJECTION_RULES' texts), in the reviewer's language. */
const RULE_LABELS = defineMessages({
  'slow-load': { id: 'admin.reject.rule.slowLoad', defaultMessage: 'The game takes more than 30 seconds to load.' },
  broken: { id: 'admin.reject.rule.broken', defaultMessage: 'The game does not load, crashes or has game-breaking bugs.' },
  'insecure-origin': { id: 'admin.reject.rule.insecureOrigin', defaultMessage: 'The game is not served over HTTPS, or from a different origin than the one registered.' },
  'age-rating': { id: 'admin.reject.rule.ageRating', defaultMessage: 'The content does not match the declared age rating.' },
  metadata: { id: 'admin.reject.rule.metadata', defaultMessage: 'Missing or misleading title, description or thumbnail.' },
  advertising: { id: 'admin.reject.rule.advertising', defaultMessage: 'Excessive or deceptive advertising.' },
  copyright: { id: 'admin.reject.rule.copyright', defaultMessage: 'Copyright or trademark infringement.' },
  'prohibited-content': { id: 'admin.reject.rule.prohibitedContent', defaultMessage: 'Prohibited content: Flash, executables, mining scripts or gambling.' },
}) satisfies Record<Exclude<RejectionRule, 'other'>, unknown>;

export type RejectionInput = { rule: RejectionRule; message?: string };

/**
 * Reject with reasons: the guidelines' common rejection reasons as checkboxes, plus the admin's
 * own words (sent as the rule `other`). Both are optional; the developer sees them in My Games.
 */
export interface RejectDialogProps {
  opened: boolean;
  game: PendingGame | null;
  loading: boolean;
  onClose: () => void;
  onReject: (reasons: RejectionInput[]) => void;
}

export function RejectDialog({ opened, game, loading, onClose, onReject }: RejectDialogProps) {
  const intl = useIntl();
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
    <Modal opened={opened} onClose={close} title={game ? intl.formatMessage({ id: 'admin.reject.title', defaultMessage: 'Reject {title}' }, { title: game.title }) : ''} size="lg" centered radius="lg">
      <Stack>
        <Checkbox.Group
          label={intl.formatMessage({ id: 'admin.reject.reasons', defaultMessage: 'Reasons' })}
          description={intl.formatMessage({ id: 'admin.reject.reasonsText', defaultMessage: 'From the game guidelines; the developer sees them with the decision.' })}
          value={rules} onChange={setRules}>
          <Stack gap={8} mt="xs">
            {REJECTION_RULES.map((entry) => (
              <Checkbox key={entry.rule} value={entry.rule} label={intl.formatMessage(RULE_LABELS[entry.rule])} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Textarea
          label={intl.formatMessage({ id: 'admin.reject.message', defaultMessage: 'Message to the developer' })}
          description={intl.formatMessage({ id: 'admin.reject.messageText', defaultMessage: 'Optional: anything else they should fix.' })}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={LIMITS.commentMax}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          <FormattedMessage id="admin.reject.told" defaultMessage="The developer is told by e-mail (and by webhook, if they registered one)." />
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            <FormattedMessage id="developer.common.cancel" defaultMessage="Cancel" />
          </Button>
          <Button color="red" leftSection={<IconX size={16} />} loading={loading} onClick={confirm}>
            <FormattedMessage id="admin.reject.confirm" defaultMessage="Reject game" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
