// The sdk's load states (shared by the remotes' pages), re-exported for the venue pages, which import them from here.
export { ListSkeleton, LoadError, LoadingSpinner, VenueLoadError, VenueLoading } from '@venuebook/sdk';
