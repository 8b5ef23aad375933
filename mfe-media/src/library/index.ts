// Exposed as `mfe_media_library/media-library` (the embeddable media library): a self-contained container
// any page can load with a script tag. `factory()` of './media-library' gives `{ mount, MEDIA_LIBRARY_VERSION }`.
export { MEDIA_LIBRARY_VERSION, MEDIA_LIBRARY_VIEWS } from './contract.ts';
export type { MediaLibraryEvent, MediaLibraryEventType, MediaLibraryHandle, MediaLibraryProps, MediaLibraryView } from './contract.ts';
export { mount } from './mount.tsx';
