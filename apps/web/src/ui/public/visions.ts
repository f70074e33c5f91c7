/** The six visions: a fixed local list, no network. Images are our own SVGs. */
export interface Vision {
  id: number;
  name: string;
  /** Relative path to the thumbnail, served from apps/web/public. */
  image: string;
  text: string;
}

export const VISION_IMAGE = { width: 480, height: 320 } as const;

export const VISIONS: readonly Vision[] = [
  {
    id: 1,
    name: 'Continuous Learning',
    image: '/vision/continuous-learning.svg',
    text: 'Technology moves fast and so do we. Every colleague has a personal training budget, time for certifications and a mentor who has walked the path before.',
  },
  {
    id: 2,
    name: 'Career Growth Opportunities',
    image: '/vision/career-growth.svg',
    text: 'From your first client assignment to leading a team, we plan your next step together and give you the projects that make it happen.',
  },
  {
    id: 3,
    name: 'Employee Well-being',
    image: '/vision/well-being.svg',
    text: 'Flexible hours, hybrid work and a workload that leaves room for a life outside the office: rested people build better and safer systems.',
  },
  {
    id: 4,
    name: 'Innovation and Creativity',
    image: '/vision/innovation.svg',
    text: 'We started as a university spin-off and kept the curiosity. New ideas get time, a test environment and an honest hearing.',
  },
  {
    id: 5,
    name: 'Fun at Work',
    image: '/vision/fun-at-work.svg',
    text: 'Serious work does not need serious faces. Friday lunches, hackathons and the occasional escape room keep the atmosphere light.',
  },
  {
    id: 6,
    name: 'Team Building',
    image: '/vision/team-building.svg',
    text: 'Consultants on different client sites stay one team: regular team days, shared knowledge sessions and a yearly trip together.',
  },
];

export const visionAnchor = (id: number) => `vision${id}`;
