/** /sitemap.xml, /robots.txt, /rss.xml and /.well-known/security.txt, at the site root. */
export { feedsRoot } from './routes';
