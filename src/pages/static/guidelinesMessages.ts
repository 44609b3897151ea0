/** The Game Guidelines page's texts, in the reader's language (the page itself: GuidelinesPage.page.tsx). */
import type { REJECTION_RULES } from '../../../shared/constants';
import { defineMessages, type MessageDescriptor } from '../../i18n';

export const guidelinesMessages = defineMessages({
  title: { id: 'guidelines.title', defaultMessage: 'Game Guidelines' },
  technicalTitle: { id: 'guidelines.technical.title', defaultMessage: 'Technical requirements' },
  technicalIntro: { id: 'guidelines.technical.intro', defaultMessage: 'Games that load fast and run smoothly get played more.' },
  sizeTitle: { id: 'guidelines.technical.size.title', defaultMessage: 'Maximum file size' },
  sizeBody: {
    id: 'guidelines.technical.size.body',
    defaultMessage: 'The total download of your game, including all assets, must stay under 50MB.',
  },
  loadingTitle: { id: 'guidelines.technical.loading.title', defaultMessage: 'Fast loading' },
  loadingBody: {
    id: 'guidelines.technical.loading.body',
    defaultMessage: 'Your game should load in under 10 seconds on a typical broadband connection.',
  },
  httpsTitle: { id: 'guidelines.technical.https.title', defaultMessage: 'HTTPS required' },
  httpsBody: {
    id: 'guidelines.technical.https.body',
    defaultMessage: 'Games must be served over HTTPS from the origin you register with us.',
  },
  performanceTitle: { id: 'guidelines.technical.performance.title', defaultMessage: 'Smooth performance' },
  performanceBody: {
    id: 'guidelines.technical.performance.body',
    defaultMessage: 'Aim for 60 frames per second on mid-range laptops and phones.',
  },
  technicalItem1: {
    id: 'guidelines.technical.item1',
    defaultMessage:
      'Built with web standards: HTML5, JavaScript and WebAssembly. Games run in a sandboxed frame and must work inside it.',
  },
  technicalItem2: { id: 'guidelines.technical.item2', defaultMessage: 'Scale to the size of the frame; do not assume a fixed window size.' },
  technicalItem3: {
    id: 'guidelines.technical.item3',
    defaultMessage: 'Support keyboard and mouse, and touch controls wherever the game can be played on a phone.',
  },
  technicalItem4: { id: 'guidelines.technical.item4', defaultMessage: 'Do not open pop-ups or navigate the parent page.' },
  technicalItem5: {
    id: 'guidelines.technical.item5',
    defaultMessage: 'Use the {portal} SDK to report loading, gameplay and scores, and to honour pause and mute from the portal.',
  },
  contentTitle: { id: 'guidelines.content.title', defaultMessage: 'Content guidelines' },
  contentIntro: { id: 'guidelines.content.intro', defaultMessage: 'Keep the portal safe and fun for everyone.' },
  allowedTitle: { id: 'guidelines.allowed.title', defaultMessage: 'Welcome' },
  allowedItem1: { id: 'guidelines.allowed.item1', defaultMessage: 'Original games, or games you have every right to publish.' },
  allowedItem2: { id: 'guidelines.allowed.item2', defaultMessage: 'Cartoon or fantasy action that matches the declared age rating.' },
  allowedItem3: { id: 'guidelines.allowed.item3', defaultMessage: 'Clear titles, descriptions and thumbnails that show the real game.' },
  forbiddenTitle: { id: 'guidelines.forbidden.title', defaultMessage: 'Not allowed' },
  forbiddenItem1: { id: 'guidelines.forbidden.item1', defaultMessage: 'Flash content or any plug-in-based technology.' },
  forbiddenItem2: { id: 'guidelines.forbidden.item2', defaultMessage: 'Executables or downloads of any kind: the game must run in the browser.' },
  forbiddenItem3: { id: 'guidelines.forbidden.item3', defaultMessage: 'Cryptocurrency mining scripts or any hidden use of the player’s device.' },
  forbiddenItem4: { id: 'guidelines.forbidden.item4', defaultMessage: 'Gambling or betting with real money or items of real-money value.' },
  forbiddenItem5: { id: 'guidelines.forbidden.item5', defaultMessage: 'Malware, tracking without consent, hate speech or sexually explicit content.' },
  forbiddenItem6: { id: 'guidelines.forbidden.item6', defaultMessage: 'Content that infringes copyrights or trademarks.' },
  ratingsTitle: { id: 'guidelines.ratings.title', defaultMessage: 'Age ratings' },
  ratingKidsAges: { id: 'kidsSafety.rating.kids.ages', defaultMessage: 'Ages 3-6' },
  ratingE7Ages: { id: 'kidsSafety.rating.e7.ages', defaultMessage: 'Ages 7 and up' },
  ratingE13Ages: { id: 'kidsSafety.rating.e13.ages', defaultMessage: 'Ages 13 and up' },
  ratingE16Ages: { id: 'kidsSafety.rating.e16.ages', defaultMessage: 'Ages 16 and up' },
  ratingE18Ages: { id: 'kidsSafety.rating.e18.ages', defaultMessage: 'Adults only' },
  uxTitle: { id: 'guidelines.ux.title', defaultMessage: 'User experience & accessibility' },
  uxItem1: { id: 'guidelines.ux.item1', defaultMessage: 'Explain the controls and the goal of the game on the first screen.' },
  uxItem2: { id: 'guidelines.ux.item2', defaultMessage: 'Let players pause at any time, and respect pause and mute sent by the portal.' },
  uxItem3: { id: 'guidelines.ux.item3', defaultMessage: 'Start with sound at a comfortable volume; never autoplay loud audio.' },
  uxItem4: {
    id: 'guidelines.ux.item4',
    defaultMessage: 'Use readable font sizes and enough colour contrast, and do not rely on colour alone.',
  },
  uxItem5: { id: 'guidelines.ux.item5', defaultMessage: 'Avoid rapidly flashing effects that could trigger seizures.' },
  uxItem6: { id: 'guidelines.ux.item6', defaultMessage: 'Offer keyboard controls, and allow remapping where you can.' },
  monetizationTitle: { id: 'guidelines.monetization.title', defaultMessage: 'Monetization' },
  monetizationItem1: {
    id: 'guidelines.monetization.item1',
    defaultMessage: 'Games earn through the portal’s revenue sharing: 70% for the developer, 30% for the platform.',
  },
  monetizationItem2: {
    id: 'guidelines.monetization.item2',
    defaultMessage: 'Ads inside a game must be clearly marked and must not interrupt gameplay unexpectedly.',
  },
  monetizationItem3: {
    id: 'guidelines.monetization.item3',
    defaultMessage: 'No fake buttons, misleading ads or rewards that trick players into clicking.',
  },
  monetizationItem4: {
    id: 'guidelines.monetization.item4',
    defaultMessage: 'No real-money gambling, loot boxes bought with real money, or pay-to-win mechanics that block progress.',
  },
  monetizationItem5: {
    id: 'guidelines.monetization.item5',
    defaultMessage: 'Games rated KIDS or E7+ must not contain in-game purchases or links to external stores.',
  },
  reviewTitle: { id: 'guidelines.review.title', defaultMessage: 'Review process' },
  automatedTitle: { id: 'guidelines.review.automated.title', defaultMessage: 'Automated tests' },
  automatedBody: {
    id: 'guidelines.review.automated.body',
    defaultMessage: 'We check HTTPS, file size, load time and scan for malware and mining scripts.',
  },
  contentReviewTitle: { id: 'guidelines.review.content.title', defaultMessage: 'Content review' },
  contentReviewBody: {
    id: 'guidelines.review.content.body',
    defaultMessage: 'A reviewer checks the content, the age rating, the title, description and thumbnail.',
  },
  gameplayTitle: { id: 'guidelines.review.gameplay.title', defaultMessage: 'Gameplay testing' },
  gameplayBody: {
    id: 'guidelines.review.gameplay.body',
    defaultMessage: 'We play your game on desktop and mobile to check controls, stability and performance.',
  },
  publicationTitle: { id: 'guidelines.review.publication.title', defaultMessage: 'Publication' },
  publicationBody: { id: 'guidelines.review.publication.body', defaultMessage: 'Approved games go live on the portal within 24-48 hours.' },
  rejectionTitle: { id: 'guidelines.rejection.title', defaultMessage: 'Common rejection reasons' },
  rejectionIntro: { id: 'guidelines.rejection.intro', defaultMessage: 'Check these before you submit to get approved faster.' },
});

/** The review's rejection reasons (REJECTION_RULES, whose English texts these repeat) in the reader's language. */
export const REJECTION_REASONS: Record<(typeof REJECTION_RULES)[number]['rule'], MessageDescriptor> = defineMessages({
  'slow-load': { id: 'guidelines.rejection.slowLoad', defaultMessage: 'The game takes more than 30 seconds to load.' },
  broken: { id: 'guidelines.rejection.broken', defaultMessage: 'The game does not load, crashes or has game-breaking bugs.' },
  'insecure-origin': {
    id: 'guidelines.rejection.insecureOrigin',
    defaultMessage: 'The game is not served over HTTPS, or from a different origin than the one registered.',
  },
  'age-rating': { id: 'guidelines.rejection.ageRating', defaultMessage: 'The content does not match the declared age rating.' },
  metadata: { id: 'guidelines.rejection.metadata', defaultMessage: 'Missing or misleading title, description or thumbnail.' },
  advertising: { id: 'guidelines.rejection.advertising', defaultMessage: 'Excessive or deceptive advertising.' },
  copyright: { id: 'guidelines.rejection.copyright', defaultMessage: 'Copyright or trademark infringement.' },
  'prohibited-content': {
    id: 'guidelines.rejection.prohibitedContent',
    defaultMessage: 'Prohibited content: Flash, executables, mining scripts or gambling.',
  },
});
