/**
 * The careers tiles of the home page and /careers (the spec names these three). A vacancy is tied
 * to at most one of them, and each to at most one vacancy, by the vacancy's own field (not by its
 * title, so renaming a vacancy keeps its tile: decision 0124). Without imports: the home page's
 * first load carries it.
 */
export const CAREER_TILES = {
  'java-developer': 'Java Developer',
  'office-manager': 'Office Manager',
  'admin-manager': 'Admin Manager',
} as const;
export type CareerTile = keyof typeof CAREER_TILES;
