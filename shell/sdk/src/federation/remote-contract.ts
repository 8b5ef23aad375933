import type { ComponentType } from 'react';

/**
 * The contract between the shell and a remote: every remote exposes `./routes`, whose module
 * exports `pages`, a map from page id (as named in the shell's route table) to a component.
 * Pages read their route params with react-router hooks (the router is a shared singleton).
 */
export type RemotePageMap = Readonly<Record<string, ComponentType>>;

export interface RemoteRoutesModule {
  pages: RemotePageMap;
}
