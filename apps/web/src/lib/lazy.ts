import { createElement, type ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

/**
 * Adapts `import('./x')` with a named export to React Router's `lazy` (one chunk per page). With
 * `props`, the page is rendered with them: the route composition hands a page what it needs from
 * elsewhere (another feature's component, say) without the page importing it.
 */
export function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): () => Promise<{ Component: ComponentType }>;
export function page<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  props: P,
): () => Promise<{ Component: ComponentType }>;
export function page<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  props?: P,
) {
  return async () => {
    const Page = (await load())[name];
    return { Component: props ? () => createElement(Page, props) : (Page as ComponentType) };
  };
}

/**
 * A route's lazy page with its loader (and its error boundary, when it has its own), fetched in
 * parallel: they then load with the page, not with the entry, so each public page's first load
 * carries its own only. React Router waits for `lazy` before it runs the loader it returns, so the
 * boundary is in place before the loader can fail.
 */
export function withLoader(
  lazyPage: () => Promise<{ Component: ComponentType }>,
  loadLoader: () => Promise<LoaderFunction>,
  loadErrorBoundary?: () => Promise<ComponentType>,
): () => Promise<{ Component: ComponentType; loader: LoaderFunction; ErrorBoundary?: ComponentType }> {
  return async () => {
    const [{ Component }, loader, ErrorBoundary] = await Promise.all([lazyPage(), loadLoader(), loadErrorBoundary?.()]);
    return { Component, loader, ...(ErrorBoundary ? { ErrorBoundary } : {}) };
  };
}
