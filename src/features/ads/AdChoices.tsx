import { Affix, Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { FormattedMessage } from '../../i18n';
import { chooseAdConsent, reopenAdConsent, type AdConsentState } from './consent';

/**
 * The footer's "Ad choices" link and, for visitors from the EEA, the UK and Switzerland who have
 * not chosen yet, the prompt asked before any personalised ad. The footer loads it only with a
 * network that personalises ads (AdSense: `consent.applies`).
 */
export function AdChoices({ consent }: { consent: AdConsentState }) {
  return (
    <>
      <Anchor component="button" type="button" size="sm" c="dimmed" onClick={reopenAdConsent}>
        <FormattedMessage id="ad.consent.footer" defaultMessage="Ad choices" />
      </Anchor>
      {consent.prompt && (
        <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={300}>
          <Paper withBorder shadow="lg" radius="lg" p="md" maw={640} mx="auto" role="dialog" aria-labelledby="ad-consent-title" data-testid="ad-consent">
            <Text fw={700} id="ad-consent-title">
              <FormattedMessage id="ad.consent.title" defaultMessage="Ads that keep PlayFree free" />
            </Text>
            <Text size="sm" mt={4}>
              <FormattedMessage
                id="ad.consent.body"
                defaultMessage="May our ad partner use cookies to show you ads based on your interests? If not, you get ads that are not personalised. You can change this any time from Ad choices at the bottom of the page."
              />
            </Text>
            <Group mt="sm" gap="sm">
              <Button radius="xl" color="violet" onClick={() => chooseAdConsent('personalised')}>
                <FormattedMessage id="ad.consent.accept" defaultMessage="Personalised ads" />
              </Button>
              <Button radius="xl" variant="default" onClick={() => chooseAdConsent('non-personalised')}>
                <FormattedMessage id="ad.consent.refuse" defaultMessage="Non-personalised ads only" />
              </Button>
            </Group>
          </Paper>
        </Affix>
      )}
    </>
  );
}
