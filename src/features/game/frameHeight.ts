import classes from './frameHeight.module.css';

/** The game frame's height on this screen (frameHeight.module.css): inside an element of `frameHeightClass`. */
export const GAME_FRAME_CSS_HEIGHT = 'var(--game-frame-height)';
export const frameHeightClass = classes.player;
