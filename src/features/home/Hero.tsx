import { useEffect, useState } from 'react';
import { Box, Button, Group, Text, Title } from '@mantine/core';
import { IconCategory, IconDeviceGamepad2, IconFlame, IconPlayerPlayFilled, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { HERO_ROTATION_MS } from '../../../shared/constants';
import classes from './Hero.module.css';

const SLIDE_COUNT = 3;

/** The slides, the second one about trending where the player is (`place`: a country's name) or everywhere. */
const slidesFor = (place: string | null) => [
  {
    eyebrow: 'Free • Instant • No download',
    title: 'Top Free Online Games',
    text: 'Hand-made games that start in a second, right in your browser. No download, no sign-up.',
    gradient: 'linear-gradient(120deg, #5b21b6 0%, #7c3aed 45%, #db2777 100%)',
    Icon: IconDeviceGamepad2,
  },
  {
    eyebrow: 'Hot right now',
    title: place ? `Trending in ${place}` : 'Trending Worldwide',
    text: place ? `See what players across ${place} can’t stop playing this week.` : 'See what players everywhere can’t stop playing this week.',
    gradient: 'linear-gradient(120deg, #9a3412 0%, #ea580c 45%, #e11d48 100%)',
    Icon: IconFlame,
  },
  {
    eyebrow: 'Multiplayer',
    title: 'Play with Friends',
    text: 'Jump into a match, invite your friends and play together in real time.',
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
  const slides = slidesFor(trendingPlace);
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
      aria-label="Featured"
      className={classes.hero}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((slide, index) => (
        <div
          key={slide.title}
          className={classes.slide}
          style={{ background: slide.gradient }}
          data-active={index === active || undefined}
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${slides.length}`}
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
                Play Now
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
                Browse Categories
              </Button>
            </Group>
          </div>
        </div>
      ))}
      <div className={classes.indicators}>
        {slides.map((slide, index) => (
          <button
            key={slide.title}
            type="button"
            className={classes.indicator}
            aria-label={`Show slide ${index + 1}: ${slide.title}`}
            aria-current={index === active}
            onClick={() => setActive(index)}
          />
        ))}
      </div>
    </Box>
  );
}
