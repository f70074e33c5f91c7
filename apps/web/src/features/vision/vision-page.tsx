import { Link } from '../../lib/link';
import { VISION_SCROLL_OFFSET_PX } from '@app/shared/constants';
import { ROUTES } from '@app/shared/routes';
import { PageHeader } from '../../ui/public/page-header';
import { useSiteSettings } from '../../lib/site-settings';
import { useFragmentScroll } from '../../ui/public/use-fragment-scroll';
import { VISIONS, VISION_IMAGE, visionAnchor } from '../../ui/public/visions';
import btn from '../../ui/public/button.module.css';
import styles from './vision-page.module.css';
import { useText } from '../../lib/language';

/** /vision: one card per vision, anchors vision{id}, 125 px offset scrolling. */
export function VisionPage() {
  const { companyName } = useSiteSettings();
  const t = useText();
  useFragmentScroll(VISION_SCROLL_OFFSET_PX);
  return (
    <>
      <PageHeader title={t('visionHeading', { company: companyName })} lead={t('visionLead')} />
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
                {t(v.name)}
              </h2>
              <p>{t(v.text)}</p>
            </div>
          </article>
        ))}
      </div>
      <section className={styles.apply} aria-labelledby="apply-title">
        <h2 id="apply-title">{t('visionApply')}</h2>
        <p>{t('visionApplyLead')}</p>
        <Link to={ROUTES.vacancies.path} className={`${btn.button} ${btn.light}`}>
          {t('applyNow')}
        </Link>
      </section>
    </>
  );
}
