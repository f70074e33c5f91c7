import fs from 'node:fs';
import path from 'node:path';

/**
 * The built index.html made ready for first paint (docs/decisions/0090-first-paint-first.md): a
 * page's first paint then waits for nothing but the page itself, on a phone over a slow network
 * as on a repeat visit with everything cached.
 */
export function preparePageTemplate(template: string, clientDir: string): string {
  return startAppAfterFirstPaint(inlineEntryStyles(template, clientDir));
}

/** A stylesheet link that Vite writes into index.html for the entry's CSS. */
const ENTRY_STYLESHEET = /<link\s+rel="stylesheet"(?:\s+crossorigin)?\s+href="\/assets\/([\w.-]+\.css)"\s*\/?>/g;

/**
 * Puts the entry stylesheet (a few KB compressed) into the page as a `<style>` element: the linked
 * file cost a whole round trip before anything showed. The Content-Security-Policy allows inline
 * styles already (decision 0005). The CSS of lazy chunks stays in files, loaded with their chunk.
 * A link whose file is missing, or whose text could close the element, stays a link.
 */
export function inlineEntryStyles(template: string, clientDir: string): string {
  return template.replace(ENTRY_STYLESHEET, (link, name: string) => {
    const file = path.join(clientDir, 'assets', name);
    if (!fs.existsSync(file)) return link;
    const css = fs.readFileSync(file, 'utf8');
    if (/<\/style/i.test(css)) return link;
    return `<style>${css}</style>`;
  });
}

/** The module preload links Vite writes into index.html for the chunks the entry imports. */
const MODULE_PRELOAD = /<link\s+rel="modulepreload"(?:\s+crossorigin)?\s+href="(\/assets\/[\w.-]+\.js)"\s*\/?>\s*/g;

/** The entry script tag that Vite writes into index.html. */
const ENTRY_SCRIPT = /<script\s+type="module"(?:\s+crossorigin)?\s+src="(\/assets\/[\w.-]+\.js)"\s*><\/script>/;

/**
 * Starts the browser app once the server-rendered page has been painted with its images, instead
 * of as soon as its script arrives. A fast or cached script otherwise ran React's hydration before
 * the first paint, and on a slow phone the visitor looked at a blank screen for that long; a script
 * downloading beside the page's largest image slowed that image on a slow network.
 *
 * So the entry is imported once the page has loaded (its eager images are in) and its first
 * contentful paint has been reported (a browser without paint timing does not wait for it), then
 * two animation frames later (the images are presented), or three seconds after parsing whatever
 * happened (an image that hangs, a background tab, which paints nothing). Whatever fails on the
 * way, the app still starts. The app shell of the back office has nothing to paint: it starts at
 * once. The inline script is allowed by its hash like every other (plugins/web.ts).
 *
 * The entry's module preloads wait with it: in the head they fetched the framework chunk (React,
 * React DOM, React Router: 93 KB gzip) beside the page itself, and on a slow network the largest
 * paint waited 0.5–0.8 s longer for it. They are added when the app starts, so the entry and the
 * chunks it imports still download side by side.
 */
export function startAppAfterFirstPaint(template: string): string {
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const withoutPreloads = template.replace(MODULE_PRELOAD, '');
  return withoutPreloads.replace(ENTRY_SCRIPT, (_tag, src: string) => {
    const script = [
      `const start=()=>{for(const href of ${JSON.stringify(preloads)}){`,
      `const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}`,
      `return import(${JSON.stringify(src)})};`,
      `const root=document.getElementById("root");`,
      `if(!root||!root.hasChildNodes())start();else{`,
      `const loaded=new Promise(r=>document.readyState==="complete"?r():addEventListener("load",()=>r()));`,
      `const painted=new Promise(r=>{`,
      `if(typeof PerformanceObserver!=="function"||!PerformanceObserver.supportedEntryTypes?.includes("paint"))return r();`,
      `new PerformanceObserver((list,o)=>{if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();r()}}).observe({type:"paint",buffered:true})});`,
      `const frames=()=>new Promise(r=>requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(r))));`,
      `Promise.race([Promise.all([loaded,painted]).then(frames),new Promise(r=>setTimeout(r,3000))]).then(start,start)}`,
    ].join('');
    return `<script type="module">${script}</script>`;
  });
}
