import { Card, Text } from '@mantine/core';
import { ContactForm } from './ContactForm';
import { DocumentFaq } from './document/DocumentFaq';
import { DocumentText } from './document/DocumentText';
import { StaticDocument, type DocumentParts } from './document/StaticDocument';

// The live parts: the questions, searchable; the contact form, with its thanks and the way to every other contact.
const PARTS: DocumentParts = {
  faq: (section) => <DocumentFaq section={section} />,
  'contact-support': ({ texts = {} }) => (
    <div>
      <Card withBorder radius="md" padding="lg">
        <ContactForm successMessage={texts.thanks ?? ''} />
      </Card>
      {texts.allOptions && (
        <Text c="dimmed" fz="sm" mt="sm">
          <DocumentText text={texts.allOptions} />
        </Text>
      )}
    </div>
  ),
};

/** The Help Center: its words are src/content/help/<locale>.json. */
export function HelpPage() {
  return <StaticDocument page="help" icon="lifebuoy" color="blue" parts={PARTS} />;
}
