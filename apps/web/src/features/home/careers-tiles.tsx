import { Link } from 'react-router';
import btn from '../../ui/public/button.module.css';
import styles from './home.module.css';

/** The careers teaser: three tiles to /vacancy and 'All careers' to /vacatures. */
const TILES = [
  { title: 'Java Developer', text: 'Build secure back-end services and signing platforms.', hue: 'a' },
  { title: 'Office Manager', text: 'Keep our Antwerp office and its people running smoothly.', hue: 'b' },
  { title: 'Admin Manager', text: 'Own finance, contracts and the administration behind them.', hue: 'c' },
] as const;

export function CareersTiles({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <ul className={styles.tiles}>
        {TILES.map((t) => (
          <li key={t.title}>
            <Link to="/vacancy" className={`${styles.tile} ${styles[`tile_${t.hue}`]}`}>
              <H className={styles.tileTitle}>{t.title}</H>
              <span className={styles.tileText}>{t.text}</span>
              <span className={styles.tileMore} aria-hidden="true">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className={styles.center}>
        <Link to="/vacatures" className={btn.button}>
          All careers
        </Link>
      </p>
    </>
  );
}
