import { Link } from '../../lib/link';
import { vacancyPath, ROUTES } from '@app/shared/routes';
import type { CareerTile } from '@app/shared/career-tiles';
import btn from '../../ui/public/button.module.css';
import styles from './home.module.css';
import { usePublic } from '../../lib/language';

/** An open vacancy a tile may open. */
export interface Opening {
  id: number;
  title: string;
  slug: string;
  homeTile: CareerTile | null;
}

/**
 * The open vacancy tied to the tile (its home page tile field, whatever its title), at its
 * canonical URL; else the list of all vacancies. The openings come from the public list, which
 * holds no closed or expired vacancy.
 */
export function tileTarget(tile: CareerTile, openings: readonly Opening[]): string {
  const match = openings.find((o) => o.homeTile === tile);
  return match ? vacancyPath(match) : ROUTES.vacancies.path;
}

/** The careers teaser: three tiles, each to its own vacancy when one exists, and 'All careers' to /vacatures. */
const TILES = [
  { key: 'java-developer', title: 'tileJavaTitle', text: 'tileJava', hue: 'a' },
  { key: 'office-manager', title: 'tileOfficeTitle', text: 'tileOffice', hue: 'b' },
  { key: 'admin-manager', title: 'tileAdminTitle', text: 'tileAdmin', hue: 'c' },
] as const satisfies readonly { key: CareerTile; title: string; text: string; hue: string }[];

export function CareersTiles({ headingLevel = 3, openings }: { headingLevel?: 2 | 3; openings: readonly Opening[] }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const text = usePublic().texts.site;
  return (
    <>
      <ul className={styles.tiles}>
        {TILES.map((t) => (
          <li key={t.key}>
            <Link to={tileTarget(t.key, openings)} className={`${styles.tile} ${styles[`tile_${t.hue}`]}`}>
              <H className={styles.tileTitle}>{text[t.title]}</H>
              <span className={styles.tileText}>{text[t.text]}</span>
              <span className={styles.tileMore} aria-hidden="true">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className={styles.center}>
        <Link to={ROUTES.vacancies.path} className={btn.button}>
          {text.allCareers}
        </Link>
      </p>
    </>
  );
}
