import { useContext, useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { KidsZoneReturn } from '../../features/kids/KidsZoneReturn';
import { pageTitle, TitleCollectorContext } from '../../features/usePageTitle';
import { useScrollRestoration } from '../../features/useScrollRestoration';
import { FormattedMessage, useIntl } from '../../i18n';
import { useRouteTitle } from '../../route-handle';
import { HydratedApart } from '../HydratedApart/HydratedApart';
import { Footer } from '../Footer/Footer';
import { Header } from '../Header/Header';
import { PageOutlet } from '../PageOutlet/PageOutlet';

function PageFallback() {
  const intl = useIntl();
  return (
    <Center mih="60vh" aria-busy="true">
      <Loader type="dots" aria-label={intl.formatMessage({ id: 'layout.loadingPage', defaultMessage: 'Loading page' })} />
    </Center>
  );
}

/** Static pages declare their document title in the route's handle (a message, in the reader's language). */
function useHandleTitle() {
  const title = useRouteTitle();
  const collector = useContext(TitleCollectorContext);
  if (title) collector?.setHandleTitle(pageTitle(title));
  useEffect(() => {
    if (title) document.title = pageTitle(title);
  }, [title]);
}

export function AppLayout() {
  useHandleTitle();
  useScrollRestoration();
  return (
    <>
      <a href="#main" className="skip-link">
        <FormattedMessage id="layout.skipToContent" defaultMessage="Skip to content" />
      </a>
      <HydratedApart>
        <Header />
      </HydratedApart>
      <PageOutlet fallback={<PageFallback />} pb="xl" />
      <HydratedApart>
        <Footer />
      </HydratedApart>
      <KidsZoneReturn />
    </>
  );
}
