import { useEffect, useState } from 'react';
import { Box, Button, Group, Text, Title } from '@mantine/core';
import { IconCategory, IconDeviceGamepad2, IconFlame, IconPlayerPlayFilled, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { HERO_ROTATION_MS } from '../../../shared/constants';
import { FormattedMessage, useIntl, type IntlShape } from '../../i18n';
import classes from './Hero.module.css';

const SLIDE_COUNT = 3;

/** The slides, the second one about trending where the player is (`place`: a country's name) or everywhere. */
const slidesFor = (place: string | null, intl: IntlShape) => [
  {
    eyebrow: intl.formatMessage({ id: 'hero.eyebrow1', defaultMessage: 'Free • Instant • No download' }),
    title: intl.formatMessage({ id: 'hero.title1', defaultMessage: 'Top Free Online Games' }),
    text: intl.formatMessage({ id: 'hero.text1', defaultMessage: 'Hand-made games that start in a second, right in your browser. No download, no sign-up.' }),
    gradient: 'linear-gradient(120deg, #5b21b6 0%, #7c3aed 45%, #db2777 100%)',
    Icon: IconDeviceGamepad2,
  },
  {
    eyebrow: intl.formatMessage({ id: 'hero.eyebrow2', defaultMessage: 'Hot right now' }),
    title: place
      ? intl.formatMessage({ id: 'trending.inPlace', defaultMessage: 'Trending in {place}' }, { place })
      : intl.formatMessage({ id: 'trending.worldwide', defaultMessage: 'Trending Worldwide' }),
    text: place
      ? intl.formatMessage({ id: 'hero.text2Place', defaultMessage: 'See what players across {place} can’t stop playing this week.' }, { place })
      : intl.formatMessage({ id: 'hero.text2', defaultMessage: 'See what players everywhere can’t stop playing this week.' }),
    gradient: 'linear-gradient(120deg, #9a3412 0%, #ea580c 45%, #e11d48 100%)',
    Icon: IconFlame,
  },
  {
    eyebrow: intl.formatMessage({ id: 'gameCard.multiplayer', defaultMessage: 'Multiplayer' }),
    title: intl.formatMessage({ id: 'hero.title3', defaultMessage: 'Play with Friends' }),
    text: intl.formatMessage({ id: 'hero.text3', defaultMessage: 'Jump into a match, invite your friends and play together in real time.' }),
    gradient: 'linear-gradient(120deg, #115e59 0%, #0d9488 45%, #2563eb 100%)',
    Icon: IconUsersGroup,
  },
];

interface HeroProps {
  onPlayNow: () => void;
  /** Thumbnails shown on each slide (popular, trending, multiplayer), decorative. */
  art?: (string | null | undefined)[][];
  /** The country whose trending games the home shows (its name), or null when it shows the worldwide list. */
  trendingPlace?: string | null;
}

function Collage({ thumbs }: { thumbs: string[] }) {
  return (
    <div className={classes.collage} aria-hidden>
      {thumbs.slice(0, 3).map((src, index) => (
        <img key={src} src={src} alt="" className={classes.tile} data-index={index} loading="lazy" />
      ))}
    </div>
  );
}

/** Three slides, advancing every 5000 ms (paused while hovered or focused) or on indicator click. */
export function Hero({ onPlayNow, art = [], trendingPlace = null }: HeroProps) {
  const intl = useIntl();
  const slides = slidesFor(trendingPlace, intl);
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return undefined;
    const timer = window.setTimeout(() => setActive((active + 1) % SLIDE_COUNT), HERO_ROTATION_MS);
    return () => window.clearTimeout(timer);
  }, [active, paused]);

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={intl.formatMessage({ id: 'hero.label', defaultMessage: 'Featured' })}
      className={classes.hero}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((slide, index) => (
        <div
          key={index}
          className={classes.slide}
          style={{ background: slide.gradient }}
          data-active={index === active || undefined}
          role="group"
          aria-roledescription="slide"
          aria-label={intl.formatMessage({ id: 'hero.slideOf', defaultMessage: '{number} of {total}' }, { number: index + 1, total: slides.length })}
          aria-hidden={index !== active}
          data-testid="hero-slide"
        >
          {(() => {
            const thumbs = (art[index] ?? []).filter((src): src is string => Boolean(src));
            return thumbs.length >= 2 ? (
              <Collage thumbs={thumbs} />
            ) : (
              <slide.Icon className={classes.art} size={260} stroke={1.2} aria-hidden />
            );
          })()}
          <div className={classes.content}>
            <span className={classes.eyebrow}>{slide.eyebrow}</span>
            <Title order={2} c="white" fz={{ base: 30, sm: 44 }} lh={1.1} mt="sm">
              {slide.title}
            </Title>
            <Text fz={{ base: 'sm', sm: 'lg' }} mt="xs" c="rgba(255,255,255,0.9)" maw={460}>
              {slide.text}
            </Text>
            <Group mt="lg" gap="sm">
              <Button
                size="md"
                radius="xl"
                color="white"
                c="dark.9"
                variant="white"
                leftSection={<IconPlayerPlayFilled size={16} />}
                onClick={onPlayNow}
                tabIndex={index === active ? 0 : -1}
              >
                <FormattedMessage id="common.playNow" defaultMessage="Play Now" />
              </Button>
              <Button
                size="md"
                radius="xl"
                variant="outline"
                color="white"
                c="white"
                component={Link}
                to="/categories"
                leftSection={<IconCategory size={16} />}
                tabIndex={index === active ? 0 : -1}
                style={{ borderColor: 'rgba(255,255,255,0.7)' }}
              >
                <FormattedMessage id="hero.browseCategories" defaultMessage="Browse Categories" />
              </Button>
            </Group>
          </div>
        </div>
      ))}
      <div className={classes.indicators}>
        {slides.map((slide, index) => (
          <button
            key={index}
            type="button"
            className={classes.indicator}
            aria-label={intl.formatMessage({ id: 'hero.showSlide', defaultMessage: 'Show slide {number}: {title}' }, { number: index + 1, title: slide.title })}
            aria-current={index === active}
            onClick={() => setActive(index)}
          />
        ))}
      </div>
    </Box>
  );
}
