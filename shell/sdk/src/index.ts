// @venuebook/sdk: shared by the shell and every remote as a Module Federation singleton.
// Browser only. Remotes reach the domain contracts through here (mfe -> sdk -> proto/domain).

export { api, createApiClient, GOOGLE_SIGN_IN_PATH } from './api/api-client.ts';
export type {
  ApiClient,
  ApiClientOptions,
  AuditLogListParams,
  AuthBinding,
  CsvImportOptions,
  EventListParams,
  PageParams,
  PasswordCredentials,
  RequestOptions,
  SignUpResult,
  UserListParams,
  VenueDuplicateCheck,
  VenueListParams,
} from './api/api-client.ts';
export {
  ApiRequestError,
  apiErrorFromResponse,
  errorMessage,
  isAbortError,
  isApiRequestError,
  networkError,
} from './api/api-error.ts';
export type { ApiFieldError } from './api/api-error.ts';

export { createSessionStore } from './session/session-store.ts';
export type { SessionSnapshot, SessionStatus, SessionStore, SessionStoreOptions } from './session/session-store.ts';
export { SessionProvider, sessionStore, useCan, useSession } from './session/session-context.tsx';
export type { SessionApi, SessionProviderProps } from './session/session-context.tsx';
export {
  backoff,
  isExpired,
  isRetryableAuthError,
  needsRefresh,
  nextRefreshDelay,
  nextRetryDelay,
  REFRESH_TIMING,
} from './session/refresh-timing.ts';
export type { RefreshTiming } from './session/refresh-timing.ts';

export { useDebouncedValue } from './hooks/use-debounced-value.ts';
export { useUnsavedChangesGuard } from './hooks/use-unsaved-changes-guard.ts';
export type { UnsavedChangesGuard } from './hooks/use-unsaved-changes-guard.ts';

// Server state: TanStack Query (a federation singleton). Remotes read and write through these, with the
// sdk's one QueryClient (mounted by the shell and by mountStandalone) and its query factories.
export {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export type { QueryClient, QueryKey } from '@tanstack/react-query';
export {
  clearQueriesOnUserChange,
  clearUserQueries,
  createQueryClient,
  isRetryableQueryError,
  PUBLIC_QUERY_META,
  queryClient,
  queryRetryDelay,
  shouldRetryQuery,
} from './query/query-client.ts';
export type { UserSource } from './query/query-client.ts';
export { QueryProvider } from './query/query-provider.tsx';
export type { QueryProviderProps } from './query/query-provider.tsx';
export { authQueries, configRetryDelay, createAuthQueries, useAuthConfig } from './query/auth-queries.ts';
export type { AuthConfigState } from './query/auth-queries.ts';
export { createVenueQueries, nextVenueListPage, venueQueries } from './query/venue-queries.ts';
export type { PagedItems, VenueListFilter } from './query/venue-queries.ts';
export { createDeletedVenueQueries, createEventQueries, deletedVenueQueries, eventQueries } from './query/event-queries.ts';
export type { EventListFilter } from './query/event-queries.ts';
export { auditLogQueries, auditLogRows, createAuditLogQueries, nextAuditLogPage } from './query/audit-log-queries.ts';
export type { AuditLogChunk, AuditLogFilter, AuditLogRows, AuditLogStream } from './query/audit-log-queries.ts';
export { contactQueries, contactTagsOrDefault, createContactQueries } from './query/contact-queries.ts';
export { adminSettingQueries, createAdminSettingQueries, createUserQueries, createWebhookQueries, userQueries, webhookQueries } from './query/user-queries.ts';
export type { ContactListFilter } from './query/contact-queries.ts';
export { cardQueries, createCardQueries, VENUE_DATA_STALE_TIME_MS } from './query/card-queries.ts';
export { createMediaQueries, mediaQueries, PHOTO_QUERY_STALE_TIME_MS, SIGNED_URL_REFRESH_MS } from './query/media-queries.ts';
export { createDriveQueries, driveQueries } from './query/drive-queries.ts';

// The background upload queue: one per app, shared by every remote; the shell shows its panel. The
// queue's machinery loads with the first upload (upload-store.ts); what is exported here is small.
export { enqueueUploads, onUploadSucceeded, uploadQueue, useUploadQueue } from './uploads/upload-store.ts';
export type { UploadQueueApi } from './uploads/upload-store.ts';
export { countUploads, recentlyFinished } from './uploads/upload-items.ts';
export type {
  UploadCounts,
  UploadFileInfo,
  UploadItem,
  UploadOptions,
  UploadQueue,
  UploadQueueSnapshot,
  UploadStatus,
  UploadSucceededListener,
  UploadTransport,
} from './uploads/upload-queue.ts';

export { system } from './theme/system.ts';
export { AppProvider, isThemeSetting, THEME_SETTINGS, THEME_STORAGE_KEY, useThemeSetting } from './theme/app-provider.tsx';
export type { ThemeSetting } from './theme/app-provider.tsx';

export { BackLink } from './components/back-link.tsx';
export { LabeledSelect, OptionSelect } from './components/option-select.tsx';
export type { OptionSelectProps, SelectOption } from './components/option-select.tsx';
export { CardGridSkeleton } from './components/card-grid-skeleton.tsx';
export type { CardGridSkeletonProps } from './components/card-grid-skeleton.tsx';
export { EmptyState } from './components/empty-state.tsx';
export type { EmptyStateProps } from './components/empty-state.tsx';
export { notify, Toaster } from './components/toaster.tsx';
export type { NotifyOptions } from './components/toaster.tsx';
export { WelcomeDialog } from './components/welcome-dialog.tsx';
export type { WelcomeDialogProps } from './components/welcome-dialog.tsx';
export { LeagueBadge } from './components/league-badge.tsx';
export type { LeagueBadgeProps } from './components/league-badge.tsx';
export { SignOutButton } from './components/sign-out-button.tsx';
export type { SignOutButtonProps } from './components/sign-out-button.tsx';
export { FormField, fieldErrorMessages, RequiredFormField, TEXTAREA_MIN_H } from './components/form-field.tsx';
export type { FieldErrorLike, FormFieldProps } from './components/form-field.tsx';
// Dialogs load Chakra's Dialog on first open (lazy), so they cost nothing on a page that does not open one.
export { ConfirmDialog, DialogShell, PanelDialog, PanelSections } from './components/dialogs/lazy-dialogs.tsx';
export type { ConfirmDialogProps, DialogShellProps, PanelDialogProps, PanelSectionsProps } from './components/dialogs/lazy-dialogs.tsx';
// A page's loading, error and 'Venue Not Found' states, shared by the remotes' pages.
export { ListSkeleton, LoadError, LoadingSpinner, VenueLoadError, VenueLoading } from './components/load-states.tsx';
export { DeletedItemCard, PurgeDialog, RestorePurgeButtons, useRestorePurge } from './components/deleted-items.tsx';
export type { RestorePurge, RestorePurgeOptions, RestorePurgeText } from './components/deleted-items.tsx';

export type { RemotePageMap, RemoteRoutesModule } from './federation/remote-contract.ts';
export { StandaloneLayout } from './components/standalone-layout.tsx';
export { mountStandalone } from './federation/mount-standalone.tsx';
export type { MountStandaloneOptions } from './federation/mount-standalone.tsx';

// Domain contracts used by the UI: values and rules only. The sdk is on every page, so it exports no zod schema
// (tests/structure/home-page-zod.test.ts); a form imports its schema from @venuebook/domain in its own page.
export {
  accessDeniedMessage,
  ACTIONS,
  API_ERROR_CODES,
  AUTH,
  AUTH_MESSAGES,
  can,
  DEFAULT_ROLE,
  domainNotAllowedMessage,
  domainSuffix,
  isCompanyEmail,
  LOGOUT_SCOPES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLES,
  weakPasswordReasons,
  DEFAULT_COUNTRY,
  DEFAULT_PAGE_SIZE,
  DEFAULT_VENUE_SORT,
  isDefaultCountry,
  isLeague,
  LEAGUES,
  leagueColor,
  leagueLabel,
  MAX_SEARCH_LENGTH,
  parseLeague,
  safeHttpHref,
  VENUE_SORT_LABELS,
  VENUE_SORTS,
  VENUE_TYPES,
  venueCityDisplay,
} from '@venuebook/domain';
export type { Action, AuthConfig, AuthUser, Credentials, LogoutScope, Role, Session } from '@venuebook/domain';
// The registry of federated remotes (the shell's route table and remote loading read it).
export { REMOTE_CONTAINERS, REMOTE_NAMES, REMOTES, remoteEntryPath, remoteNameOf } from '@venuebook/domain';
export type { RemoteContainer, RemoteName } from '@venuebook/domain';
export type { League, LeagueOption, ListVenuesQuery, ListVenuesResult, Venue, VenueInput, VenueSort, VenueSummary } from '@venuebook/domain';
export type { DuplicateCheckResult, SimilarVenue, VenueType } from '@venuebook/domain';
export { AUDIT_LOG_LIMITS, auditActionTone, auditRecordIdLabel, auditUserLabel } from '@venuebook/domain';
// User Management: the e-mail search's bounds, the table's page size, and the shapes of users and settings.
export { USER_PAGE_SIZE, USER_SEARCH_MAX_LENGTH } from '@venuebook/domain';
export type { AdminSetting, AdminSettingKey, ManagedUser } from '@venuebook/domain';
export type { AuditLogEntry, AuditLogPage } from '@venuebook/domain';
export { DEFAULT_EVENT_SORT, EVENT_SORTS } from '@venuebook/domain';
export type {
  DeletedVenue,
  EventSort,
  ListDeletedVenuesResult,
  ListEventsResult,
  ListVenueEventsResult,
  VenueEvent,
  VenueEventInput,
  VenueEventListItem,
} from '@venuebook/domain';
export type { Contact, ContactInput, ContactListItem, DeletedContactGroup, DeletedContactsResult, ListContactsResult } from '@venuebook/domain';
export type { CsvImportKind, ImportMatch, ImportResult, ImportRowResult } from '@venuebook/domain';
// Data cards: departments, the card rules and the shapes of the cards API.
export {
  CARD_FIELD_TYPES,
  CARD_LIMITS,
  CARD_NOT_FOUND,
  CARD_PROTECTED,
  CARD_TITLE_REQUIRED,
  CARD_FIELD_LABEL_REQUIRED,
  cardFieldKeyOf,
  compareCards,
  DEFAULT_NOTES_FIELD,
  DEPARTMENTS,
  departmentFromPathSegment,
  departmentPathSegment,
  FIELD_NOTES_CLEAN_FAILED,
  FIELD_NOTES_CLEANED,
  FIELD_NOTES_NO_PERMISSION,
  FIELD_VALUE_MAX_LENGTH,
  isDepartment,
  isGeneralNotesCard,
  MISSING_CARD_ORDER,
  SELECT_CARDS_REQUIRED,
  SELECT_OPTION_REQUIRED,
} from '@venuebook/domain';
export type {
  AddTemplatesResult,
  CardField,
  CardFieldInput,
  CardFieldType,
  CardFieldValue,
  CardInput,
  CardValues,
  CleanFieldNotesResult,
  DataCard,
  DataCardList,
  Department,
  FieldHistory,
  FieldNoteLine,
  FieldNotes,
  FieldNotesSaveResult,
  FieldSaveResult,
  FieldValueVersion,
  NoteSaveKind,
  SaveCardValuesRequest,
  SaveCardValuesResult,
  SaveFieldNotesBody,
  VenueCardInput,
  VenueNotes,
  VenueValues,
} from '@venuebook/domain';
// Media: documents, photos, photo tags, the public gallery. Types only from media.schema.ts (it imports zod).
export {
  ADMIN_DOCUMENT_CATEGORIES,
  ALLOWED_DOCUMENT_EXTENSIONS,
  DEFAULT_DOCUMENT_CATEGORY,
  DOCUMENT_ACCEPT_ATTRIBUTE,
  DOCUMENT_CATEGORIES,
  DOCUMENT_CATEGORY_VALUES,
  documentCategoryLabel,
  fileExtension,
  isAllowedDocumentFile,
  MEDIA,
  PHOTO_MIME_TYPES,
  UPLOAD,
} from '@venuebook/domain';
export type { DocumentCategory, DocumentCategoryOption } from '@venuebook/domain';
export type {
  BatchDeletePhotosResult,
  DocumentKind,
  DocumentList,
  DocumentListParams,
  DocumentSync,
  DocumentUrls,
  GallerySettings,
  PhotoTagsResult,
  PublicGallery,
  PublicPhoto,
  UpdateDocumentRequest,
  UpdateGallerySettingsRequest,
  VenueDocument,
} from './api/media-types.ts';
// Google Drive sync: its status, queue and the sync-related part of the audit log (types only from drive.schema.ts).
export { AUDIT, SYNC } from '@venuebook/domain';
export type { DriveStatus, ResetSyncQueueResult, SyncQueueItem, SyncQueueList, SyncState, TriggerSyncResult } from '@venuebook/domain';
