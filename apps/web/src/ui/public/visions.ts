import type { SiteKey } from '../../lib/language';

/**
 * The six visions: a fixed local list, no network. Images are our own SVGs; the names and texts
 * are the page language's (the site catalogue's `vision{id}Name` and `vision{id}Text`).
 */
export interface Vision {
  id: number;
  name: SiteKey;
  /** Relative path to the thumbnail, served from apps/web/public. */
  image: string;
  text: SiteKey;
}

export const VISION_IMAGE = { width: 480, height: 320 } as const;

export const VISIONS: readonly Vision[] = [
  {
    id: 1,
    name: 'vision1Name',
    image: '/vision/continuous-learning.svg',
    text: 'vision1Text',
  },
  {
    id: 2,
    name: 'vision2Name',
    image: '/vision/career-growth.svg',
    text: 'vision2Text',
  },
  {
    id: 3,
    name: 'vision3Name',
    image: '/vision/well-being.svg',
    text: 'vision3Text',
  },
  {
    id: 4,
    name: 'vision4Name',
    image: '/vision/innovation.svg',
    text: 'vision4Text',
  },
  {
    id: 5,
    name: 'vision5Name',
    image: '/vision/fun-at-work.svg',
    text: 'vision5Text',
  },
  {
    id: 6,
    name: 'vision6Name',
    image: '/vision/team-building.svg',
    text: 'vision6Text',
  },
];

export const visionAnchor = (id: number) => `vision${id}`;
