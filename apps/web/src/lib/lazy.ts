import { createElement, type ComponentType } from 'react';

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
