import classes from './frameHeight.module.css';

/** The game frame's height on this screen (frameHeight.module.css): inside an element of `frameHeightClass`. */
export const GAME_FRAME_CSS_HEIGHT = 'var(--game-frame-height)';
export const frameHeightClass = classes.player;
/** Around the "Invite a friend" panel of a game that plays online: the panel's height kept before it shows. */
export const panelRoomClass = classes.panelRoom;
