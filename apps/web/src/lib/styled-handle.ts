import type { RouteHandle } from './meta';

/**
 * A public route's handle, holding the page's CSS modules. Vite drops a CSS module whose classes
 * nothing reads (and with it the CSS), so a bare `import './x.module.css'` in the route file would
 * leave the styles in the page's lazy chunk, loaded only after the script runs: the
 * server-rendered HTML would show unstyled, then jump (layout shift). Referencing them here puts
 * them in the entry stylesheet, which the first HTML links.
 */
export type StyledHandle = RouteHandle & { styles?: readonly object[] };
