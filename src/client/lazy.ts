import { lazy, type ComponentType } from 'react';
import { chunksLoaded } from './chunk-reload';

/**
 * A component whose code loads when it is first shown, inside the nearest Suspense. Code that
 * fails to arrive is thrown to the layout's error boundary, whose page reloads once; code that
 * arrives clears that once-mark (chunk-reload.ts).
 */
export const lazyNamed = <Name extends string, Props>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) =>
  lazy(async () => {
    const module = await load();
    chunksLoaded();
    return { default: module[name] };
  });
