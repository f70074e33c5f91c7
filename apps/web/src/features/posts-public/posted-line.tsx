import { formatMediumDate } from '../../ui/public/format';
import styles from './posts.module.css';

/** 'Posted By: {author} | Posted On: {date, medium format}'. */
export function PostedLine({ postedBy, date }: { postedBy: string; date: string }) {
  return (
    <p className={styles.posted}>
      Posted By: {postedBy} | Posted On: <time dateTime={date}>{formatMediumDate(date)}</time>
    </p>
  );
}
