import { useId, type CSSProperties } from 'react';
import { Box, getContrastColor, useMantineTheme, type MantineSpacing, type StyleProp } from '@mantine/core';
import classes from './SegmentedChoice.module.css';

type Size = 'xs' | 'sm' | 'md';

/**
 * One choice among a few, shown as segments: a radio group to assistive technology, each segment
 * a real radio and its label. Looks like Mantine's SegmentedControl, which measures its segments
 * after mounting to slide an indicator under the chosen one: on a server-rendered page that is a
 * synchronous second render and a forced layout of the whole page while a phone takes it over.
 * Here the chosen segment is drawn by CSS alone.
 */
export function SegmentedChoice<T extends string>({
  data,
  value,
  onChange,
  size = 'sm',
  radius = 'xl',
  color,
  fullWidth = false,
  mb,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  'data-testid': testId,
}: {
  data: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  size?: Size;
  radius?: 'sm' | 'md' | 'xl';
  /** The chosen segment's colour (a theme colour name); a light segment by default. */
  color?: string;
  fullWidth?: boolean;
  mb?: StyleProp<MantineSpacing>;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}) {
  const name = useId();
  const theme = useMantineTheme();
  const style = {
    '--sc-radius': `var(--mantine-radius-${radius})`,
    '--sc-padding': `var(--sc-padding-${size})`,
    '--sc-font-size': `var(--mantine-font-size-${size})`,
    // The chosen label black or white, whichever reads on the colour (the theme's autoContrast).
    ...(color ? { '--sc-color': `var(--mantine-color-${color}-filled)`, '--sc-label-color': getContrastColor({ color, theme }) } : {}),
  } as CSSProperties;
  return (
    <Box
      role="radiogroup"
      aria-label={ariaLabel}
      aria-labelledby={ariaLabelledBy}
      data-testid={testId}
      data-full-width={fullWidth || undefined}
      className={classes.root}
      style={style}
      mb={mb}
    >
      {data.map((option) => {
        const id = `${name}-${option.value}`;
        return (
          <div key={option.value} className={classes.segment}>
            <input
              type="radio"
              className={classes.input}
              id={id}
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <label htmlFor={id} className={classes.label}>
              {option.label}
            </label>
          </div>
        );
      })}
    </Box>
  );
}
