import { Link } from '../../lib/link';
import { VISION_SCROLL_OFFSET_PX } from '@app/shared/constants';
import { ROUTES } from '@app/shared/routes';
import { PageHeader } from '../../ui/public/page-header';
import { useSiteSettings } from '../../lib/site-settings';
import { useFragmentScroll } from '../../ui/public/use-fragment-scroll';
import { VISIONS, VISION_IMAGE, visionAnchor } from '../../ui/public/visions';
import btn from '../../ui/public/button.module.css';
import styles from './vision-page.module.css';

/** /vision: one card per vision, anchors vision{id}, 125 px offset scrolling. */
export function VisionPage() {
  const { companyName } = useSiteSettings();
  useFragmentScroll(VISION_SCROLL_OFFSET_PX);
  return (
    <>
      <PageHeader
        title={`${companyName}'s Vision`}
        lead="We are always looking for talented people who want to grow with us. This is what we promise every colleague, from the first day on."
      />
      <div className={styles.list}>
        {VISIONS.map((v, i) => (
          <article
            key={v.id}
            id={visionAnchor(v.id)}
            className={styles.card}
            aria-labelledby={`${visionAnchor(v.id)}-title`}
          >
            <img
              src={v.image}
              alt=""
              width={VISION_IMAGE.width}
              height={VISION_IMAGE.height}
              loading={i < 2 ? 'eager' : 'lazy'}
              // The first image is the page's largest paint on a phone.
              fetchPriority={i === 0 ? 'high' : undefined}
              decoding="async"
              className={styles.image}
            />
            <div className={styles.body}>
              <h2 id={`${visionAnchor(v.id)}-title`} className={styles.name}>
                {v.name}
              </h2>
              <p>{v.text}</p>
            </div>
          </article>
        ))}
      </div>
      <section className={styles.apply} aria-labelledby="apply-title">
        <h2 id="apply-title">Does this sound like your kind of place?</h2>
        <p>Have a look at our open positions and send us your application today.</p>
        <Link to={ROUTES.vacancies.path} className={`${btn.button} ${btn.light}`}>
          Apply now
        </Link>
      </section>
    </>
  );
}
