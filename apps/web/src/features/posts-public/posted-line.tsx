import { LOCALE_TABLE } from '@app/shared/locales';
import { formatMediumDate } from '../../ui/public/format';
import { usePublic } from '../../lib/language';
import styles from './posts.module.css';

/** 'Posted By: {author} | Posted On: {date, medium format}'. */
export function PostedLine({ postedBy, date }: { postedBy: string; date: string }) {
  const { locale, texts } = usePublic();
  const t = texts.site;
  return (
    <p className={styles.posted}>
      {`${t.postedBy}: ${postedBy} | ${t.postedOn}: `}
      <time dateTime={date}>{formatMediumDate(date, LOCALE_TABLE[locale].tag)}</time>
    </p>
  );
}
