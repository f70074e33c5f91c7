import { StrictMode, type ReactNode } from 'react';
import { RuntimeConfigContext, type RuntimeConfig } from '../lib/runtime-config';

export function AppProviders({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return (
    <StrictMode>
      <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>
    </StrictMode>
  );
}
