import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Box, Container, Group, Text, ThemeIcon } from '@mantine/core';
import { IconDoorExit, IconLock, IconMoodKid, IconSettings } from '@tabler/icons-react';
import { Link, useNavigate, type Path } from 'react-router-dom';
import { isKidsPath } from '../../features/kids/parent-lock';
import { setKidsSession, useParentSettings } from '../../features/kids/parent-lock-store';
import { useKidsDevice } from '../../features/kids/useKidsDevice';
import { KID_AVATAR_EMOJI } from '../../../shared/kids-family';
import { FormattedMessage, useIntl } from '../../i18n';
import { trpc } from '../../trpc';
import { useNavigationBlocker } from '../../features/useNavigationBlocker';
import { useScrollRestoration } from '../../features/useScrollRestoration';
import { KidsButton } from '../KidsButton/KidsButton';
import { PageOutlet } from '../PageOutlet/PageOutlet';
import { KidsZoneLoading } from './KidsZoneLoading';
import classes from './KidsLayout.module.css';

// The grown-ups' dialogs are fetched only when opened: the Kids Zone's pages do not wait for them.
const PinPrompt = lazy(() => import('../../features/kids/ParentDialogs').then((module) => ({ default: module.PinPrompt })));
const ParentSettingsDialog = lazy(() =>
  import('../../features/kids/ParentDialogs').then((module) => ({ default: module.ParentSettingsDialog })),
);
// With its QR code maker, only for the paired device's settings dialog.
const PairedSettingsDialog = lazy(() =>
  import('../../features/kids/PairedSettingsDialog').then((module) => ({ default: module.PairedSettingsDialog })),
);

type Dialog = 'pin-for-settings' | 'settings' | 'paired-settings' | null;

/**
 * The Kids Zone's own frame: a calm header (its logo, the "Parent lock on" sign, Parent settings
 * and a way out) instead of the site's header and footer. While a parent PIN is set, every way out
 * of /kids — the exit button, the browser's back button, a link — asks for the PIN first.
 */
export function KidsLayout() {
  const intl = useIntl();
  const settings = useParentSettings();
  const { device, paired } = useKidsDevice();
  const locked = paired || settings !== null;
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  /** Set once the PIN has let the visitor out, so the navigation it allowed is not asked about again. */
  const letOut = useRef(false);
  /** Where a held navigation was going (a paired device's PIN gate goes on there). */
  const heldTarget = useRef('/');

  const shouldBlock = useCallback(
    (next: Path) => {
      const block = locked && !letOut.current && !isKidsPath(next.pathname);
      if (block) heldTarget.current = `${next.pathname}${next.search}`;
      return block;
    },
    [locked],
  );
  const blocker = useNavigationBlocker(shouldBlock);
  useScrollRestoration();

  // A locked device stays in the Kids Zone: the site's other pages send it back here (KidsZoneReturn).
  useEffect(() => {
    if (locked) setKidsSession(true);
  }, [locked]);

  // A paired device entering the zone is held there again (the server's gate answers every other page).
  const enter = trpc.family.enter.useMutation();
  const { mutate: enterZone } = enter;
  useEffect(() => {
    if (paired) enterZone();
  }, [paired, enterZone]);

  // A paired device's way out is the server's PIN gate.
  useEffect(() => {
    if (paired && blocker.state === 'blocked') {
      blocker.reset();
      void navigate(`/kids/locked?next=${encodeURIComponent(heldTarget.current)}`);
    }
  }, [paired, blocker, navigate]);

  const openSettings = () => setDialog(paired ? 'paired-settings' : locked ? 'pin-for-settings' : 'settings');

  return (
    <>
      <a href="#main" className="skip-link">
        <FormattedMessage id="layout.skipToContent" defaultMessage="Skip to content" />
      </a>
      <Box component="header" className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Link to="/kids" className={classes.home} aria-label={intl.formatMessage({ id: 'kidsLayout.home', defaultMessage: 'Kids Zone home' })}>
                <ThemeIcon size={42} radius="xl" color="orange" aria-hidden>
                  <IconMoodKid size={26} />
                </ThemeIcon>
                <Text component="span" fw={900} fz={{ base: 19, sm: 23 }} lh={1} visibleFrom="xs">
                  <FormattedMessage id="nav.kidsZone" defaultMessage="Kids Zone" />
                </Text>
              </Link>
              {locked && (
                <Badge
                  size="lg"
                  radius="xl"
                  color="teal"
                  variant="light"
                  leftSection={<IconLock size={16} aria-hidden />}
                  data-testid="parent-lock-sign"
                  className={classes.lockSign}
                >
                  <FormattedMessage id="kidsLayout.lockOn" defaultMessage="Parent lock on" />
                </Badge>
              )}
              {device?.paired && (
                <Badge size="lg" radius="xl" color="orange" variant="light" data-testid="kids-profile" visibleFrom="xs">
                  {KID_AVATAR_EMOJI[device.profile.avatar]} {device.profile.name}
                </Badge>
              )}
            </Group>
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              <KidsButton
                label={intl.formatMessage({ id: 'kidsLayout.parentSettings', defaultMessage: 'Parent settings' })}
                icon={IconSettings}
                wordsFrom="lg"
                variant="light"
                color="teal"
                onClick={openSettings}
              />
              <KidsButton
                label={intl.formatMessage({ id: 'kidsLayout.exit', defaultMessage: 'Exit Kids Zone' })}
                icon={IconDoorExit} wordsFrom="lg" variant="default" onClick={() => navigate('/')} />
            </Group>
          </Group>
        </Container>
      </Box>

      <PageOutlet fallback={<KidsZoneLoading />} />

      <Suspense fallback={null}>
        {!paired && blocker.state === 'blocked' && settings && (
          <PinPrompt
            settings={settings}
            reason="leave"
            onClose={() => blocker.reset()}
            onUnlocked={() => {
              letOut.current = true;
              setKidsSession(false);
              blocker.proceed();
            }}
          />
        )}
        {dialog === 'pin-for-settings' && settings && (
          <PinPrompt settings={settings} reason="settings" onClose={() => setDialog(null)} onUnlocked={() => setDialog('settings')} />
        )}
        {dialog === 'settings' && <ParentSettingsDialog settings={settings} onClose={() => setDialog(null)} />}
        {dialog === 'paired-settings' && device?.paired && <PairedSettingsDialog name={device.profile.name} onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
