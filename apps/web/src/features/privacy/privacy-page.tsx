import { privacyTextFor } from '@app/shared/retention-periods';
import { useSiteSettings } from '../../lib/site-settings';
import { useText } from '../../lib/language';
import { PageHeader } from '../../ui/public/page-header';
import styles from './privacy-page.module.css';

/**
 * /privacy: the text staff edit in the site settings, '{days}' shown as the retention period of
 * messages, '{months}' as the one of candidates.
 */
export function PrivacyPage() {
  const settings = useSiteSettings();
  const t = useText();
  const paragraphs = privacyTextFor(settings.privacyText, settings.retentionDays, settings.candidateRetentionMonths)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      <PageHeader title={t('privacyTitle')} lead={t('privacyLead', { company: settings.companyName })} />
      <div className={styles.text}>
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
    </>
  );
}
