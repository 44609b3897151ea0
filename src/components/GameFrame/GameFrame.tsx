import { startTransition, useEffect, useMemo, useState, type ReactNode, type Ref } from 'react';
import { Alert, Badge, Box, Button, Center, Group, List, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconExternalLink, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { GAME_FRAME_HEIGHT, GAME_FRAME_SANDBOX } from '../../../shared/constants';
import { whenIdle } from '../../when-idle';
import { FramePlayOfflineBadge } from '../../pwa/PlayOfflineBadge';
import { ISOLATED_PAGE_PARAM } from '../../pwa/config';
import { FormattedMessage, useIntl, useLocale } from '../../i18n';
import { checkGameUrl, logSecurityEvent, type FrameCheck } from './validate';
import { frameNameOf } from './frame-name';
import classes from './GameFrame.module.css';

interface GameFrameProps {
  src: string;
  title: string;
  allowedOrigins: readonly string[];
  height?: number | string;
  onLoad?: () => void;
  /** Kids Zone: no link out of the zone, and Go Back returns to /kids. */
  kids?: boolean;
  /** The iframe, for the SDK bridge. */
  frameRef?: Ref<HTMLIFrameElement>;
  /** The frame with its bar: the element shown in fullscreen. */
  wrapRef?: Ref<HTMLDivElement>;
  /** Shown at the end of the frame's bar (score readout, mute, fullscreen). */
  controls?: ReactNode;
  /** The game needs threads (SharedArrayBuffer): its frame must be cross-origin isolated. */
  isolated?: boolean;
  /** The game's thumbnail, shown dimmed while the game loads. */
  poster?: string | null;
}

/** The label of a Security Block detail ("Reason:", "Origin:"). */
const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

export function GameFrame({
  src,
  title,
  allowedOrigins,
  height = GAME_FRAME_HEIGHT,
  onLoad,
  kids = false,
  frameRef,
  wrapRef,
  controls,
  isolated = false,
  poster,
}: GameFrameProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const [mounted, setMounted] = useState(false);
  const reopening = useIsolatedPage(isolated);
  // As a transition, the render that adds the frame yields to the browser in slices.
  useEffect(() => (reopening ? undefined : startWhenAskedOrIdle(() => startTransition(() => setMounted(true)))), [reopening]);
  const originsKey = allowedOrigins.join('\n');
  // Validating is synchronous: the frame is only rendered once the check has allowed it.
  const check: FrameCheck = useMemo(() => checkGameUrl(src, originsKey ? originsKey.split('\n') : []), [src, originsKey]);

  useEffect(() => {
    logSecurityEvent(check.allowed ? 'ORIGIN_ALLOWED' : check.event, {
      src,
      origin: check.origin,
      ...(check.allowed ? {} : { reason: check.reason }),
    });
  }, [check, src]);

  if (!check.allowed) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mih={height} data-testid="security-block">
        <Stack gap="md" maw={560} mx="auto" justify="center" mih={typeof height === 'number' ? height - 64 : undefined}>
          <Group gap="sm">
            <ThemeIcon color="red" variant="light" size={48} radius="xl" aria-hidden>
              <IconShieldX size={28} />
            </ThemeIcon>
            <Title order={2} size="h3">
              <FormattedMessage id="gameFrame.securityBlock" defaultMessage="Security Block" />
            </Title>
          </Group>
          <Text>
            <FormattedMessage id="gameFrame.blockedText" defaultMessage="This game cannot be loaded due to security restrictions." />
          </Text>
          <Alert color="red" variant="light" radius="md">
            <Text size="sm">
              <FormattedMessage
                id="gameFrame.reason"
                defaultMessage="<b>Reason:</b> {reason}"
                values={{ b: bold, reason: check.reason }}
              />
            </Text>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              <FormattedMessage
                id="gameFrame.origin"
                defaultMessage="<b>Origin:</b> {origin}"
                values={{
                  b: bold,
                  origin: check.origin ?? intl.formatMessage({ id: 'gameFrame.unknownOrigin', defaultMessage: 'Unknown' }),
                }}
              />
            </Text>
          </Alert>
          <List size="sm" spacing={4} c="dimmed">
            <List.Item>
              <FormattedMessage id="gameFrame.notAllowlisted" defaultMessage="The game's origin is not in the allowlist" />
            </List.Item>
            <List.Item>
              <FormattedMessage id="gameFrame.protects" defaultMessage="This security check protects you from malicious content" />
            </List.Item>
            <List.Item>
              <FormattedMessage id="gameFrame.registerOrigins" defaultMessage="Developers must register secure origins" />
            </List.Item>
          </List>
          <Group>
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => (kids ? navigate('/kids') : navigate(-1))}>
              <FormattedMessage id="gameFrame.goBack" defaultMessage="Go Back" />
            </Button>
            {!kids && (
            <Button
              component="a"
              href={check.origin ? src : undefined}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              disabled={!check.origin}
              leftSection={<IconExternalLink size={16} />}
            >
              <FormattedMessage id="gameFrame.openInNewTab" defaultMessage="Open in New Tab" />
            </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    );
  }

  return (
    <Box className={classes.wrap} data-testid="game-frame" ref={wrapRef}>
      {/* The frame comes once the app runs and the player asks or the page is idle (a same-size
          stand-in until then): the game then starts with the portal's SDK bridge listening (its
          "ready" would otherwise be lost) and does not compete with the page being opened. */}
      {mounted ? (
        <iframe
          ref={frameRef}
          src={src}
          name={frameNameOf(locale)}
          title={intl.formatMessage({ id: 'gameFrame.frameTitle', defaultMessage: '{title} game' }, { title })}
          className={classes.frame}
          width="100%"
          // The spec's default size as the attribute; a CSS height (a phone's, GamePlayer) is the one shown.
          height={typeof height === 'number' ? height : GAME_FRAME_HEIGHT}
          style={{ height }}
          sandbox={GAME_FRAME_SANDBOX}
          referrerPolicy="no-referrer"
          allow={isolated ? 'fullscreen; gamepad; autoplay; cross-origin-isolated' : 'fullscreen; gamepad; autoplay'}
          onLoad={() => {
            logSecurityEvent('IFRAME_LOADED', { src });
            setLoadedSrc(src);
            onLoad?.();
          }}
          onError={() => logSecurityEvent('IFRAME_ERROR', { src })}
        />
      ) : (
        <div className={classes.frame} style={{ height }} />
      )}
      {loadedSrc !== src && (
        <Center className={classes.loading} data-testid="game-frame-loading">
          {/* In the server's HTML and loaded at once: the page's largest paint is the game's own
              picture, not whatever smaller image the app adds later (the house ad's, issue 57). */}
          {poster && <img src={poster} alt="" width={400} height={300} loading="eager" fetchPriority="high" decoding="async" className={classes.poster} />}
          <Stack align="center" gap="xs" pos="relative">
            <Loader color="violet" />
            <Text c="gray.4" size="sm">
              <FormattedMessage id="gameFrame.loading" defaultMessage="Loading game…" />
            </Text>
          </Stack>
        </Center>
      )}
      <div className={classes.bar}>
        <Badge color="teal" variant="light" leftSection={<IconShieldCheck size={12} />} style={{ flexShrink: 0 }} title={check.origin ?? undefined}>
          <FormattedMessage id="gameFrame.secure" defaultMessage="Secure" />
        </Badge>
        <FramePlayOfflineBadge src={src} />
        {/* The host, not the scheme; cut from its start when short of room, as browsers shorten
            an address. A phone's bar has no room for it beside the game's controls: there it is
            left out rather than shown as a few letters (the badge's title still says it). */}
        <Text className={classes.host} size="xs" c="gray.5" truncate="start" title={check.origin ?? undefined} data-testid="game-frame-host">
          {check.origin ? new URL(check.origin).host : null}
        </Text>
        {controls && <div className={classes.controls}>{controls}</div>}
      </div>
    </Box>
  );
}

const askingToPlay = ['pointerdown', 'touchstart', 'keydown'] as const;

/**
 * Calls `start` once: at the player's first touch, click or key on the page, or else once the page
 * has loaded and the browser is idle. A game loading beside the page being opened (its own process,
 * downloads and first frames) slowed the page on a 2-core phone; a player who reaches for the game
 * before then gets it at once. Returns the cleanup.
 */
function startWhenAskedOrIdle(start: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    for (const type of askingToPlay) window.removeEventListener(type, once, true);
    window.removeEventListener('load', onLoad);
    start();
  };
  const onLoad = () => whenIdle(once, 2000);
  for (const type of askingToPlay) window.addEventListener(type, once, { capture: true, passive: true });
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    done = true;
    for (const type of askingToPlay) window.removeEventListener(type, once, true);
    window.removeEventListener('load', onLoad);
  };
}

/**
 * A game that needs threads runs only in a cross-origin isolated page. The server sends its game
 * page so (server/web/isolated-pages.ts), but not a page the app went to by itself nor one the
 * offline worker answered: such a page is opened again from the server, once (a browser that
 * cannot isolate it then plays without: the game says what it misses). True while it reopens.
 */
function useIsolatedPage(isolated: boolean): boolean {
  const reopen = isolated && typeof window !== 'undefined' && !window.crossOriginIsolated && !new URL(window.location.href).searchParams.has(ISOLATED_PAGE_PARAM);
  useEffect(() => {
    if (!reopen) return;
    const url = new URL(window.location.href);
    url.searchParams.set(ISOLATED_PAGE_PARAM, '1');
    window.location.replace(url.href);
  }, [reopen]);
  return reopen;
}
