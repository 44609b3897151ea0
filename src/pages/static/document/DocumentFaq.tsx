import { useState } from 'react';
import { Accordion, CloseButton, Highlight, Paper, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconHelpCircle, IconSearch } from '@tabler/icons-react';
import type { DocumentSection } from '../../../content/documents';
import { useIntl } from '../../../i18n';
import { DocumentText, fillIn } from './DocumentText';

/**
 * A section's questions and answers (`faq`), searchable: the search box (its label, placeholder and
 * what it says when nothing matches are the section's `texts`) keeps the questions whose question or
 * answer holds the words typed, highlighted.
 */
export function DocumentFaq({ section }: { section: DocumentSection }) {
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const texts = section.texts ?? {};
  const term = query.trim();
  const needle = term.toLowerCase();
  const questions = (section.faq ?? []).map(({ question, answer }) => ({ question: fillIn(question), answer: fillIn(answer) }));
  const visible = questions.filter(({ question, answer }) => !needle || question.toLowerCase().includes(needle) || answer.toLowerCase().includes(needle));

  return (
    <div>
      <TextInput
        aria-label={texts.searchLabel}
        placeholder={texts.searchPlaceholder}
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        rightSection={
          query ? <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'search.clear', defaultMessage: 'Clear search' })} onClick={() => setQuery('')} /> : null
        }
        mb="md"
        size="md"
      />
      {visible.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Stack align="center" gap="xs">
            <ThemeIcon variant="light" color="gray" size="xl" radius="xl">
              <IconHelpCircle size={24} />
            </ThemeIcon>
            <Text fw={500}>{fillIn(texts.noMatch ?? '', { term })}</Text>
            {texts.tryOther && (
              <Text c="dimmed" fz="sm">
                <DocumentText text={texts.tryOther} />
              </Text>
            )}
          </Stack>
        </Paper>
      ) : (
        <Accordion variant="separated" radius="md" value={open} onChange={setOpen} order={3}>
          {visible.map((faq) => (
            <Accordion.Item key={faq.question} value={faq.question}>
              <Accordion.Control icon={<IconHelpCircle size={18} color="var(--mantine-primary-color-filled)" />}>
                <Highlight highlight={term} fw={500}>
                  {faq.question}
                </Highlight>
              </Accordion.Control>
              <Accordion.Panel>
                <Highlight highlight={term} c="dimmed" lh={1.65}>
                  {faq.answer}
                </Highlight>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </div>
  );
}
