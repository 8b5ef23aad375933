// The load states moved to the sdk (shared with mfe-cards); the venue pages keep importing them from here.
export { ListSkeleton, LoadError, LoadingSpinner, VenueLoadError, VenueLoading } from '@venuebook/sdk';
